import { identifierKey, isCanonicalIdentifier } from './identifiers';

describe('identifier keys', () => {
  test('case and surrounding spaces do not matter', () => {
    expect(identifierKey('  Innkeeper ')).toBe('innkeeper');
    expect(identifierKey('Alice@Example.TEST')).toBe('alice@example.test');
  });

  test.each([
    ['the Kelvin sign', 'Inn\u212Aeeper'],
    ['a ligature', '\uFB01sh@example.test'],
    ['full-width letters', '\uFF49\uFF4E\uFF4E'],
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'x\uD800y'],
    ['a lone low surrogate', 'x\uDC00y'],
    ['a decomposed accent', 'e\u0301'],
  ])('text with %s names nobody', (_what, text) => {
    expect(isCanonicalIdentifier(text)).toBe(false);
    expect(identifierKey(text)).toBeNull();
  });

  test('well-formed text outside ASCII stays distinct (an emoji pair is no lone surrogate)', () => {
    expect(identifierKey('caf\u00E9')).toBe('caf\u00E9');
    expect(identifierKey('deck\u{1F0CF}')).toBe('deck\u{1F0CF}');
  });
});
