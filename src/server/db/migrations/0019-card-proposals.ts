import type { Kysely } from 'kysely';

// Cards the game added since the catalog's last import, proposed from the screenshots that show
// them (issue #36): the printed code and name read from a tile the catalog does not know, how many
// uploads saw it, a few of those tiles as examples, and what a moderator decided.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_proposals')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    /** One proposal per printed code: another upload of the card counts on the same row. */
    .addColumn('code', 'varchar(16)', (col) => col.notNull().unique())
    /** As read, or as a player who published with it wrote it (the latter wins: a person checked it). */
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('seen_count', 'integer', (col) => col.notNull().defaultTo(0))
    /** 'open', 'approved' (the card is in the catalog) or 'rejected'. */
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('decided_by', 'varchar(24)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('card_proposals_status').on('card_proposals').columns(['status', 'seen_count']).execute();
  await db.schema
    .createTable('card_proposal_examples')
    .addColumn('proposal_id', 'varchar(24)', (col) => col.notNull().references('card_proposals.id').onDelete('cascade'))
    /** A tile cut from an upload, kept in the image store. */
    .addColumn('image_key', 'varchar(80)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('card_proposal_examples_pk', ['proposal_id', 'image_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_proposal_examples').execute();
  await db.schema.dropTable('card_proposals').execute();
}
