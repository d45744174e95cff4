// Open Graph and Twitter card tags for deck pages, so a deck link shows its title, description
// and image when pasted into a chat app (crawlers do not run the app's JavaScript).
import type { Deck } from '../../common/api/decks';
import { resizedImageUrl } from '../../common/image-urls';
import { markdownPlainText } from '../comments/comment-markdown';

/** The placeholder in src/web/index.html where the tags go. */
export const META_PLACEHOLDER = '<!-- deckhub:meta -->';
/** Share images are requested at this width: large enough for a summary_large_image card. */
export const SHARE_IMAGE_WIDTH = 600;
/** Chat apps cut descriptions around here; longer ones end in an ellipsis. */
export const SHARE_DESCRIPTION_MAX = 200;

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The deck image's absolute URL at share width (`/upload/{key}` → `{origin}/upload/w_600/{key}`). */
export function shareImageUrl(image: string, origin: string): string {
  const resized = resizedImageUrl(image, SHARE_IMAGE_WIDTH);
  return /^https?:\/\//.test(resized) ? resized : `${origin}${resized.startsWith('/') ? '' : '/'}${resized}`;
}

/** The meta tags of a deck page, every value escaped. */
export function deckMetaTags(
  deck: Pick<Deck, '_id' | 'title' | 'description' | 'user' | 'image'>,
  origin: string,
): string {
  const title = `${deck.title} by ${deck.user} · Deckhub`;
  // The description is Markdown; a chat app's preview shows text, so the text a reader sees.
  const text = markdownPlainText(deck.description);
  const description = shorten(text || `A CUE deck by ${deck.user} on Deckhub.`, SHARE_DESCRIPTION_MAX);
  const image = shareImageUrl(deck.image, origin);
  const url = `${origin}/decks/${encodeURIComponent(deck._id)}`;
  const tags: [attr: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'article'],
    ['property', 'og:site_name', 'Deckhub'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:url', url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/** index.html with the deck's tags in place of the placeholder and its title as the page title. */
export function injectDeckMeta(
  indexHtml: string,
  deck: Pick<Deck, '_id' | 'title' | 'description' | 'user' | 'image'>,
  origin: string,
): string {
  return indexHtml
    .replace(META_PLACEHOLDER, () => deckMetaTags(deck, origin))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(`${deck.title} · Deckhub`)}</title>`);
}
