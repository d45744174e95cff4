import { sql, type Kysely } from 'kysely';

// A card page's "played with" counts are taken over the card's newest public decks. Found through
// the decks' date index, a card in about 3 % of decks costs some 3,000 lookups whichever way the
// planner goes (walk the newest decks until 100 hold the card, or read and sort all of the card's
// decks): 35 ms on PostgreSQL at 100,000 decks. With the deck's date beside the card, the card's
// newest decks are one backward range of this index. A deck's date and cards never change after
// it is published, so the copy cannot go stale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('deck_cards').addColumn('deck_created_at', 'varchar(32)').execute();
  await sql`update deck_cards set deck_created_at = (select created_at from decks where decks.id = deck_cards.deck_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('deck_cards_code_date')
    .on('deck_cards')
    .columns(['card_code', 'deck_created_at', 'deck_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deck_cards_code_date').execute();
  await db.schema.alterTable('deck_cards').dropColumn('deck_created_at').execute();
}
