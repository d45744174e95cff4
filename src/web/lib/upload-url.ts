// The server preloads the deck page's image at the same URL, so both sides share the rule.
export { resizedImageUrl } from '../../common/image-urls';
