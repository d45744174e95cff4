import { sql, type Kysely } from 'kysely';
import type { Db } from '../connect';
import { renderComments as renderMarkdown } from '../../comments/comment-markdown';

// A deck's description is written in the comments' Markdown subset and its safe HTML is stored
// beside it, rendered once when written (decks/deck-store.ts), as a comment's is (0014): before,
// the deck page showed `**deck**` and `[[Card]]` as typed (issue 38). The decks written before are
// rendered here, a batch at a time, through the same module.

/** Decks rendered and written back per step: bounded memory whatever the table's size. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('decks')
    .addColumn('description_html', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const typed = db as unknown as Db;
  let after = '';
  for (;;) {
    const rows = await typed
      .selectFrom('decks')
      .select(['id', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const html = await renderMarkdown(
      typed,
      rows.map((row) => row.description),
    );
    for (const [i, row] of rows.entries())
      if (html[i] !== '')
        await typed.updateTable('decks').set({ description_html: html[i] }).where('id', '=', row.id).execute();
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table decks drop column description_html`.execute(db);
}
