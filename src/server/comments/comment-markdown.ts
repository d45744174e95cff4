// Comments are written in a small Markdown subset — emphasis, links, lists, code, and card mentions
// like [[Five Eyes]] — and leave the server as HTML that is safe to insert as it is. Two locks, so
// one mistake is not enough: markdown-it with raw HTML off (every `<` the author types is text),
// then sanitize-html keeping only the tags and attributes the subset produces.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { normalizeName } from '../../common/text';
import { MAX_CARD_NAME_LENGTH } from '../../common/limits';
import type { Db } from '../db/connect';
import { findCardsByNames } from '../cards/card-store';

/** A catalog card a mention names. */
export interface MentionedCard {
  code: string;
  name: string;
}

/** Mentioned cards by their normalised name (common/text.ts normalizeName). */
export type MentionedCards = ReadonlyMap<string, MentionedCard>;

/** `[[Card Name]]`: no brackets or line breaks inside, at most a card name's length. */
const MENTION_SOURCE = `\\[\\[([^\\[\\]\\n]{1,${MAX_CARD_NAME_LENGTH}})\\]\\]`;
/** A mention exactly where the parser stands (sticky: never a shared search position). */
const MENTION_HERE = new RegExp(MENTION_SOURCE, 'y');

/** The `rel` of every link a commenter wrote: no ranking passed on, marked user content, no opener. */
export const USER_LINK_REL = 'nofollow ugc noopener';

/** The card names a comment mentions (not yet checked against the catalog). */
export function mentionedNames(body: string): string[] {
  return [...body.matchAll(new RegExp(MENTION_SOURCE, 'g'))].map((match) => match[1].trim()).filter(Boolean);
}

const markdown = new MarkdownIt('zero', { html: false, linkify: true, breaks: true });
markdown.enable(['list', 'code', 'fence', 'linkify', 'newline', 'escape', 'backticks', 'emphasis', 'link', 'autolink']);

// A mention is read before links, so `[[Five Eyes]]` is never taken for a link label.
markdown.inline.ruler.before('link', 'card_mention', (state, silent) => {
  if (!state.src.startsWith('[[', state.pos)) return false;
  MENTION_HERE.lastIndex = state.pos;
  const match = MENTION_HERE.exec(state.src);
  if (!match || !match[1].trim()) return false;
  if (!silent) state.push('card_mention', '', 0).content = match[1].trim();
  state.pos += match[0].length;
  return true;
});

markdown.renderer.rules.card_mention = (tokens, idx, _options, env) => {
  const name = tokens[idx].content;
  const card = (env as { cards?: MentionedCards } | undefined)?.cards?.get(normalizeName(name));
  const escape = markdown.utils.escapeHtml;
  // A name the catalog does not know stays plain text, as the author wrote it.
  return card
    ? `<a href="/cards/${encodeURIComponent(card.code)}" class="card-mention">${escape(card.name)}</a>`
    : `<span class="card-mention-unknown">${escape(name)}</span>`;
};

/** Links kept: the web (http, https) and the site's own card pages; any other href is dropped with its tag. */
const isAllowedHref = (href: string) => /^https?:\/\//i.test(href) || /^\/cards\/[A-Za-z0-9%_-]+$/.test(href);

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'code', 'pre', 'span'],
  allowedAttributes: { a: ['href', 'rel', 'class'], span: ['class'], ol: ['start'] },
  allowedClasses: { a: ['card-mention'], span: ['card-mention-unknown'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      if (!isAllowedHref(href)) return { tagName: 'span', attribs: {} };
      if (attribs.class === 'card-mention' && href.startsWith('/cards/'))
        return { tagName, attribs: { href, class: 'card-mention' } };
      return { tagName, attribs: { href, rel: USER_LINK_REL } };
    },
  },
};

/** The comment as safe HTML; `cards` resolves its mentions (see mentionedNames). */
export function renderCommentHtml(body: string, cards: MentionedCards): string {
  return sanitizeHtml(markdown.render(body, { cards }), SANITIZE).trim();
}

/**
 * The text a reader sees, without markup: for places that take no HTML (a deck's og:description).
 * A mention is its name, a link its label, each block and line break a space.
 */
export function markdownPlainText(body: string): string {
  const parts: string[] = [];
  for (const block of markdown.parse(body, {})) {
    if (block.type === 'fence' || block.type === 'code_block') parts.push(' ', block.content, ' ');
    else if (block.type.endsWith('_close')) parts.push(' ');
    for (const token of block.children ?? []) {
      if (token.type === 'softbreak' || token.type === 'hardbreak') parts.push(' ');
      else if (['text', 'code_inline', 'card_mention'].includes(token.type)) parts.push(token.content);
    }
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * The safe HTML of each comment body, in order, the cards they all mention looked up in one query.
 * Comments are rendered once, when written (and by migration 0013 for older ones), and read as
 * stored: rendering 200 hostile comments on every page read held the event loop ~0.7 s (issue 33
 * L5). A mention keeps the catalog's name and code of the moment it was written.
 */
export async function renderComments(db: Db, bodies: string[]): Promise<string[]> {
  const cards = await findCardsByNames(db, bodies.flatMap(mentionedNames));
  return bodies.map((body) => renderCommentHtml(body, cards));
}
