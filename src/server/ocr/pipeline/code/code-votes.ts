/**
 * The deck code that several reads of one header agree on. Each read comes from another view of
 * the header (the whiteness mask, the colour contrast map, a sharpened copy), and each view misleads
 * the line model on other glyphs: where one read swaps a look-alike, the other two mostly agree on
 * the right character.
 */
import type { DeckCodeRead } from './deck-code';

/**
 * The read with the fewest label letters wrong (the earlier on a tie: the views come in order of
 * trust), each of its characters replaced where more reads of its length agree on another.
 */
export function agreedCode(reads: Array<DeckCodeRead | null>): string | null {
  const base = reads.reduce<DeckCodeRead | null>(
    (best, read) => (read && (!best || read.labelErrors < best.labelErrors) ? read : best),
    null,
  );
  if (!base) return null;
  const alike = reads.filter((read): read is DeckCodeRead => read !== null && read.code.length === base.code.length);
  return [...base.code]
    .map((own, i) => {
      const votes = new Map<string, number>();
      for (const { code } of alike) votes.set(code[i], (votes.get(code[i]) ?? 0) + 1);
      return [...votes].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [own, votes.get(own) ?? 0])[0];
    })
    .join('');
}

/**
 * Whether two reads leave nothing for a third to settle: they agree, or one found no code (a third
 * read is then one voice against one, and the surer read stands).
 */
export function nothingToSettle(a: DeckCodeRead | null, b: DeckCodeRead | null): boolean {
  return !a || !b || a.code === b.code;
}
