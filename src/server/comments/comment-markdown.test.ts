import { XSS_PAYLOADS } from '../../../test/support/hostile-values';
import { mentionedNames, renderCommentHtml } from './comment-markdown';

const cards = new Map([['five eyes', { code: 'SAS001', name: 'Five Eyes' }]]);
const render = (body: string) => renderCommentHtml(body, cards);

/** Every tag and attribute the rendered HTML holds: nothing beyond the subset may ever appear. */
function tagsAndAttributes(html: string): { tags: Set<string>; attributes: Set<string> } {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  for (const [, tag, rest] of html.matchAll(/<([a-z0-9]+)([^>]*)>/gi)) {
    tags.add(tag.toLowerCase());
    for (const [, name] of rest.matchAll(/\s([a-z-]+)=/gi)) attributes.add(name.toLowerCase());
  }
  return { tags, attributes };
}

/** The tags themselves, without the text between them (where escaped markup is harmless). */
const tagsOf = (html: string) => html.match(/<[^>]*>/g) ?? [];

const SUBSET_TAGS = ['p', 'br', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'code', 'pre', 'span'];

test('the subset: emphasis, links with rel="nofollow ugc noopener", lists and code', () => {
  expect(render('*one* _two_ **three**')).toBe('<p><em>one</em> <em>two</em> <strong>three</strong></p>');
  expect(render('[CUE wiki](https://cue.fandom.com/wiki)')).toBe(
    '<p><a href="https://cue.fandom.com/wiki" rel="nofollow ugc noopener">CUE wiki</a></p>',
  );
  expect(render('see https://example.com/x')).toBe(
    '<p>see <a href="https://example.com/x" rel="nofollow ugc noopener">https://example.com/x</a></p>',
  );
  expect(render('- a\n- b')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
  expect(render('1. a\n2. b')).toBe('<ol>\n<li>a</li>\n<li>b</li>\n</ol>');
  expect(render('use `code` here')).toBe('<p>use <code>code</code> here</p>');
  expect(render('```\nline <b>1</b>\n```')).toBe('<pre><code>line &lt;b&gt;1&lt;/b&gt;\n</code></pre>');
  expect(render('a\nb')).toBe('<p>a<br />\nb</p>');
});

test('what the subset leaves out stays text: headings, images, quotes, tables', () => {
  expect(render('# Big')).toBe('<p># Big</p>');
  expect(render('![alt](https://example.com/i.png)')).toBe(
    '<p>!<a href="https://example.com/i.png" rel="nofollow ugc noopener">alt</a></p>',
  );
  expect(render('> quote')).toBe('<p>&gt; quote</p>');
});

test('card mentions link to the card page of the catalog card; unknown names stay text', () => {
  expect(render('Play [[five eyes]] early')).toBe(
    '<p>Play <a href="/cards/SAS001" class="card-mention">Five Eyes</a> early</p>',
  );
  expect(render('[[No Such Card]]')).toBe('<p><span class="card-mention-unknown">No Such Card</span></p>');
  expect(render('`[[Five Eyes]]`')).toBe('<p><code>[[Five Eyes]]</code></p>');
  expect(mentionedNames('[[Five Eyes]] and [[ Moon ]] but not [[]] or [[a\nb]]')).toEqual(['Five Eyes', 'Moon']);
});

describe('hostile Markdown stays inert', () => {
  test.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['an inline event handler', '<img src=x onerror=alert(1)>'],
    ['raw HTML link', '<a href="javascript:alert(1)">x</a>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style tag', '<style>body{display:none}</style>'],
  ])('raw HTML (%s) is escaped as text', (_name, input) => {
    const html = render(input);
    // Only a paragraph (and a link where the text holds a web address): the markup itself is text.
    for (const tag of tagsAndAttributes(html).tags) expect(['p', 'a']).toContain(tag);
    expect(html).toContain(`&lt;${input.slice(1, 6)}`);
  });

  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    '%6Aavascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '//evil.example/x',
    '/api/session',
  ])('a link to %s is no link', (target) => {
    const html = render(`[click](${target}) <${target}>`);
    expect(html).not.toMatch(/<a /);
    expect(html).not.toMatch(/href=/);
  });

  test('attributes cannot be smuggled through a link title or a mention', () => {
    const html = render('[x](https://ok.example "t\\" onmouseover=\\"alert(1)") [[Five Eyes" onclick="alert(1)]]');
    // The mention, with a quote in it, is an unknown card name: a span with its class, the rest text.
    expect([...tagsAndAttributes(html).attributes].sort()).toEqual(['class', 'href', 'rel']);
    expect(tagsOf(html).join(' ')).not.toMatch(/onmouseover|onclick|title=/);
  });

  test('every hostile payload renders to the subset only, with no script-running attribute', () => {
    for (const payload of [
      ...XSS_PAYLOADS,
      ...XSS_PAYLOADS.map((p) => `[${p}](${p})`),
      ...XSS_PAYLOADS.map((p) => `[[${p}]]`),
    ]) {
      const html = render(payload);
      const { tags, attributes } = tagsAndAttributes(html);
      for (const tag of tags) expect(SUBSET_TAGS, payload).toContain(tag);
      for (const attribute of attributes) expect(['href', 'rel', 'class'], payload).toContain(attribute);
      expect(tagsOf(html).join(' '), payload).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    }
  });
});
