import type { Kysely } from 'kysely';

// When an author (or a moderator) changes a deck's cards, the list it replaces is kept here, so the
// deck page can show its history (issue 39). One row per replaced list, its cards as JSON
// ([{name, code}] in deck order): a version is only ever read whole, never searched by card.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deck_versions')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('deck_id', 'varchar(24)', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    /** When this list began: the deck's publication, or the change before. */
    .addColumn('listed_at', 'text', (c) => c.notNull())
    /** When the next list replaced it. */
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .addColumn('cards', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deck_versions_deck').on('deck_versions').columns(['deck_id', 'replaced_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deck_versions').execute();
}
