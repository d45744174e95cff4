// The tiny markup of the ability text: **bold** and {icon} tokens. Kept as plain text in
// state (so it round-trips through the textarea and localStorage) and parsed for display.

export const INLINE_ICONS = ['power', 'energy', 'ppt', 'ept', 'lock', 'burn'] as const;
export type InlineIconName = (typeof INLINE_ICONS)[number];

export type RichSegment =
  { kind: 'text'; text: string; bold: boolean } | { kind: 'icon'; icon: InlineIconName; bold: boolean };

const TOKEN = /\*\*|\{(power|energy|ppt|ept|lock|burn)\}/g;

/** Splits text into runs; an unclosed `**` makes the rest bold, as the user is still typing. */
export function parseRichText(source: string): RichSegment[] {
  const segments: RichSegment[] = [];
  let bold = false;
  let last = 0;
  const pushText = (text: string) => {
    if (text) segments.push({ kind: 'text', text, bold });
  };
  for (const match of source.matchAll(TOKEN)) {
    pushText(source.slice(last, match.index));
    if (match[0] === '**') bold = !bold;
    else segments.push({ kind: 'icon', icon: match[1] as InlineIconName, bold });
    last = match.index + match[0].length;
  }
  pushText(source.slice(last));
  return segments;
}

/**
 * The text as it takes space on the card: markup removed, each icon counted as two
 * characters (an icon is about 1.1em wide), for the font-size fitting.
 */
export function visibleText(source: string): string {
  return parseRichText(source)
    .map((s) => (s.kind === 'text' ? s.text : 'MM'))
    .join('');
}

export function iconToken(icon: InlineIconName): string {
  return `{${icon}}`;
}

/** Inserts `insert` at the selection [start, end) and returns the new text and caret. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** Wraps the selection in `**`; with an empty selection inserts a bold pair with the caret inside. */
export function toggleBold(
  text: string,
  start: number,
  end: number,
): { text: string; selectionStart: number; selectionEnd: number } {
  const selected = text.slice(start, end);
  const wrapped = `**${selected}**`;
  return {
    text: text.slice(0, start) + wrapped + text.slice(end),
    selectionStart: start + 2,
    selectionEnd: start + 2 + selected.length,
  };
}
