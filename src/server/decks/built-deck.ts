// A deck published without a screenshot (built in /decks/new): exactly DECK_SIZE distinct catalog
// codes, whose names come from the catalog when the form leaves them out. The server then draws the
// deck's picture itself (demo/render-deck-image.ts), so every deck keeps an image to show.
import { DECK_SIZE } from '../../common/game';
import { MESSAGES } from '../../common/messages';
import { cardCodeListSchema } from '../../common/api/decks';
import type { Db } from '../db/connect';
import { badRequest } from '../http/errors';

/** The names of the codes as the catalog writes them, in order; 400 naming the codes it lacks. */
async function catalogNames(db: Db, codes: string[]): Promise<string[]> {
  const rows = await db.selectFrom('cards').select(['code', 'name']).where('code', 'in', codes).execute();
  const nameOf = new Map(rows.map((row) => [row.code, row.name]));
  const unknown = codes.filter((code) => !nameOf.has(code));
  if (unknown.length > 0) throw badRequest(`Not in the card catalog: ${unknown.join(', ')}.`);
  return codes.map((code) => nameOf.get(code)!);
}

/**
 * The `cards` and `cardCodes` of a built deck's form fields, checked: 18 codes, none empty, none
 * twice. Names sent beside the codes are kept (the publish checks they match their codes).
 */
export async function builtDeckCards(
  db: Db,
  fields: { cards: unknown; cardCodes: unknown },
): Promise<{ cards: unknown; cardCodes: string[] }> {
  const parsed = cardCodeListSchema.safeParse(fields.cardCodes);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.builder.needsFullDeck(DECK_SIZE));
  const codes = parsed.data;
  if (codes.length !== DECK_SIZE || codes.some((code) => code === ''))
    throw badRequest(MESSAGES.builder.needsFullDeck(DECK_SIZE));
  const twice = [...new Set(codes.filter((code, i) => codes.indexOf(code) !== i))];
  if (twice.length > 0) throw badRequest(MESSAGES.builder.duplicateCards(twice.join(', ')));
  return { cards: fields.cards ?? (await catalogNames(db, codes)), cardCodes: codes };
}
