// How usernames and e-mail addresses are compared, in one place for registration, sign-in and
// every look-up. Text must already be in Unicode NFKC form: compatibility characters (the Kelvin
// sign K, full-width letters, ligatures) would otherwise fold onto someone else's plain-letter
// name. Control characters (NUL) and lone surrogates, which no name or mailbox holds and which
// PostgreSQL and mail servers refuse, make text invalid too. Two valid texts name the same account
// when their lower-cased forms are equal.

// In a u-mode pattern \p{Cs} matches only surrogates that are not part of a pair.
const FORBIDDEN = /[\p{Cc}\p{Cs}]/u;

/** Whether `text` may be a username or an address: well-formed, no control characters, already NFKC. */
export function isCanonicalIdentifier(text: string): boolean {
  return !FORBIDDEN.test(text) && text.normalize('NFKC') === text;
}

/**
 * The key a username or e-mail address is stored and looked up by (surrounding spaces ignored), or
 * null for text that is not canonical: such text names no account, so a look-up finds nobody.
 */
export function identifierKey(text: string): string | null {
  const trimmed = text.trim();
  return isCanonicalIdentifier(trimmed) ? trimmed.toLowerCase() : null;
}
