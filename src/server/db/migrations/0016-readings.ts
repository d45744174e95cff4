import type { Kysely } from 'kysely';

// Each screenshot reading is kept beside what its uploader finally published (issue #36): every
// upload the player checked and corrected is a labelled example of what players really send, and
// the only way to know the reader's accuracy on them. Tiles and outcome are JSON text: they are
// read whole (the recognition figures, the evaluation) and never queried by their parts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('readings')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(24)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** The stored screenshot; publishing from this reading reuses it instead of a second upload. */
    .addColumn('image_key', 'varchar(80)', (col) => col.notNull())
    /** [{code, name, confidence, alternatives}] in deck order, as the upload answer gave them. */
    .addColumn('tiles', 'text', (col) => col.notNull())
    .addColumn('deck_code', 'varchar(64)')
    /** 'grid' (tiles found) or 'text' (the fallback reading lines of text). */
    .addColumn('path', 'varchar(8)', (col) => col.notNull())
    .addColumn('read_ms', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    /** Set when published: the deck, and what the player kept, changed, added and removed (JSON). */
    .addColumn('deck_id', 'varchar(24)', (col) => col.references('decks.id').onDelete('set null'))
    .addColumn('published_at', 'varchar(32)')
    .addColumn('outcome', 'text')
    .execute();
  // The sweep of unpublished readings walks them by age; the figures, published ones by date.
  await db.schema
    .createIndex('readings_published_created')
    .on('readings')
    .columns(['published_at', 'created_at'])
    .execute();
  await db.schema.createIndex('readings_user').on('readings').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('readings').execute();
}
