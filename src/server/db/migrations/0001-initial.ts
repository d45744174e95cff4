import type { Kysely } from 'kysely';

// The whole schema, normalised so that search filters are index lookups: each filter kind
// (album, collection, tag, card) has its own table keyed by (value, deck_id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('username_lower', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_norm', 'varchar(200)', (c) => c.notNull())
    .addColumn('rarity', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('album', 'varchar(32)')
    .addColumn('collection', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_name_norm').on('cards').column('name_norm').execute();

  await db.schema
    .createTable('decks')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('deckcode', 'varchar(32)', (c) => c.notNull())
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Newest first, top all time and top this week (score within a created_at range).
  await db.schema.createIndex('decks_created').on('decks').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('decks_score').on('decks').columns(['score', 'created_at']).execute();
  await db.schema.createIndex('decks_user_created').on('decks').columns(['user_id', 'created_at']).execute();

  for (const [table, column, size] of [
    ['deck_albums', 'album', 32],
    ['deck_collections', 'collection', 16],
    ['deck_tags', 'tag', 64],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('deck_id', 'varchar(24)', (c) => c.notNull().references('decks.id').onDelete('cascade'))
      .addColumn(column, `varchar(${size})`, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [column, 'deck_id'])
      .execute();
    await db.schema.createIndex(`${table}_deck`).on(table).column('deck_id').execute();
  }

  await db.schema
    .createTable('deck_cards')
    .addColumn('deck_id', 'varchar(24)', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('card_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('card_code', 'varchar(16)')
    .addPrimaryKeyConstraint('deck_cards_pk', ['deck_id', 'position'])
    .execute();
  // Unique: a card is in a deck at most once, which keeps the search joins free of duplicates.
  await db.schema.createIndex('deck_cards_name').on('deck_cards').columns(['card_name', 'deck_id']).unique().execute();

  await db.schema
    .createTable('votes')
    .addColumn('deck_id', 'varchar(24)', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('votes_pk', ['deck_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('deck_id', 'varchar(24)', (c) => c.notNull().references('decks.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_deck').on('comments').columns(['deck_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'comments',
    'votes',
    'deck_cards',
    'deck_tags',
    'deck_collections',
    'deck_albums',
    'decks',
    'cards',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
