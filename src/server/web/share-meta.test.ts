import { deckMetaTags, escapeHtml, injectDeckMeta, META_PLACEHOLDER, shareImageUrl } from './share-meta';

const deck = {
  _id: '0123456789abcdef01234567',
  title: 'Burn <script>"x"</script>',
  description: 'Fast & hot',
  user: 'StarGazer',
  image: '/upload/abc.webp',
};
const html = `<html><head><title>Deckhub</title>${META_PLACEHOLDER}</head></html>`;

test('the deck image becomes an absolute URL at share width', () => {
  expect(shareImageUrl('/upload/abc.webp', 'https://deckhub.example')).toBe(
    'https://deckhub.example/upload/w_600/abc.webp',
  );
  expect(shareImageUrl('https://cdn.example/x.png', 'https://deckhub.example')).toBe('https://cdn.example/x.png');
});

test('every value is escaped, so a deck title cannot inject markup', () => {
  const out = injectDeckMeta(html, deck, 'https://deckhub.example');
  expect(out).not.toContain('<script>');
  expect(out).toContain(
    `<meta property="og:title" content="${escapeHtml('Burn <script>"x"</script> by StarGazer · Deckhub')}" />`,
  );
  expect(out).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(out).toContain('content="Fast &#38; hot"');
  expect(out).toContain('<title>Burn &#60;script&#62;');
  expect(out).not.toContain(META_PLACEHOLDER);
});

test('long descriptions are cut with an ellipsis and a missing one gets a default', () => {
  expect(deckMetaTags({ ...deck, description: 'a'.repeat(500) }, 'http://x')).toMatch(/content="a{199}…"/);
  expect(deckMetaTags({ ...deck, description: '' }, 'http://x')).toContain('A CUE deck by StarGazer on Deckhub.');
});

test('a $ in a title is not read as a replacement pattern', () => {
  expect(injectDeckMeta(html, { ...deck, title: "$& $' cheap" }, 'http://x')).toContain('$&#38; $&#39; cheap');
});

test('a Markdown description is shared as the text a reader sees (issue 38)', () => {
  const tags = deckMetaTags(
    {
      ...deck,
      description: '**Burn** deck with [[Five Eyes]] and `code`,\nsee [the guide](https://example.com/guide).',
    },
    'http://x',
  );
  expect(tags).toContain(
    `<meta property="og:description" content="Burn deck with Five Eyes and code, see the guide." />`,
  );
  expect(tags).not.toMatch(/\*\*|\[\[|<strong>/);
});
