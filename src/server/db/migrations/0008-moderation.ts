import { sql, type Kysely } from 'kysely';

// Reports and moderation. A moderator hides a deck or a comment rather than deleting it: the author
// still sees it (marked hidden), and another moderator can restore it. `hidden_at` is a column on
// the item itself, not a row elsewhere, so every list and search leaves hidden items out with one
// condition on a row it reads anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  // 'moderator', or null for everyone else; set with `npm run users:role -- NAME moderator`.
  await db.schema.alterTable('users').addColumn('role', 'varchar(16)').execute();
  await db.schema.alterTable('decks').addColumn('hidden_at', 'varchar(32)').execute();
  await db.schema.alterTable('comments').addColumn('hidden_at', 'varchar(32)').execute();
  // Hidden decks are few: this index lists them without reading the visible ones (the counts subtract them).
  await db.schema
    .createIndex('decks_hidden')
    .on('decks')
    .column('hidden_at')
    .where(sql.ref('hidden_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // Set when a moderator hid, restored or dismissed the item: the report has been dealt with.
    .addColumn('resolved_at', 'varchar(32)')
    .execute();
  // One report per user and item; a second is refused (409) by this index, whatever the race.
  await db.schema
    .createIndex('reports_once')
    .on('reports')
    .columns(['item_type', 'item_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('reports_open').on('reports').columns(['resolved_at', 'created_at']).execute();

  // Who did what, and when. The item may be deleted later; its log lines stay.
  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('moderator_id', 'varchar(24)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderation_log_created').on('moderation_log').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropIndex('decks_hidden').execute();
  await db.schema.alterTable('comments').dropColumn('hidden_at').execute();
  await db.schema.alterTable('decks').dropColumn('hidden_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
