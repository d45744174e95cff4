import type { Kysely } from 'kysely';

// The upload review and the builder ask, before publishing, whether a public deck already has the
// deck code under review (issue 38: a near-copy asks to confirm). Without an index that question
// reads every deck; with it, a few rows.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('decks_deckcode').on('decks').column('deckcode').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('decks_deckcode').execute();
}
