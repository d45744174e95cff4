// Strings an attacker or a broken client sends: SQL and markup metacharacters, path traversal,
// odd Unicode, NUL bytes, huge and boundary sizes.
import fc from 'fast-check';

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE decks; --",
  '" OR ""="',
  '1; DELETE FROM users WHERE 1=1; --',
  "%' UNION SELECT password_hash FROM users --",
  "\\'; SELECT pg_sleep(5); --",
  '%_%',
  "admin'--",
];

export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
  '</title><script>window.__xss=1</script>',
  '{{constructor.constructor("window.__xss=1")()}}',
];

export const TRAVERSAL_PAYLOADS = [
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '%2e%2e/%2e%2e/etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%00',
  'a%00.webp',
];

export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '🃏'.repeat(50),
  'ﬀ',
  'İ',
  '\r\n\r\n',
  'null',
  'undefined',
  '[]',
  '{}',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS, ...XSS_PAYLOADS, ...TRAVERSAL_PAYLOADS, ...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.integer({ min: 100, max: 20_000 }))
      .map(([s, n]) => s.repeat(n)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 300 }).map((n) => 'x'.repeat(n)) },
);

/** Any JSON value at all, including deep and wide ones and the wrong type everywhere. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], {}) },
  {
    weight: 1,
    arbitrary: fc.constant(
      JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}') as unknown,
    ),
  },
);
