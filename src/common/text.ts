/**
 * The form of a card name used for lookups: accents removed, lower case, and every run of
 * punctuation or spaces folded to one space, so "CAÑO CRISTALES", "Caño Cristales" and
 * "cano-cristales" are the same key.
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
