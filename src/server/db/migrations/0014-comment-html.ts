import { sql, type Kysely } from 'kysely';
import type { Db } from '../connect';
import { renderComments } from '../../comments/comment-markdown';

// A comment's safe HTML is stored beside its Markdown, rendered once when written, instead of on
// every read: 200 hostile comments held the event loop ~0.7 s per page read (issue 33 L5). The
// comments written before are rendered here, a batch at a time, through the same module.

/** Comments rendered and written back per step: bounded memory whatever the table's size. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comments')
    .addColumn('body_html', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const typed = db as unknown as Db;
  let after = '';
  for (;;) {
    const rows = await typed
      .selectFrom('comments')
      .select(['id', 'body'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const html = await renderComments(
      typed,
      rows.map((row) => row.body),
    );
    for (const [i, row] of rows.entries())
      await typed.updateTable('comments').set({ body_html: html[i] }).where('id', '=', row.id).execute();
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table comments drop column body_html`.execute(db);
}
