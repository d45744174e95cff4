// Searches on SQLite run off the main thread. better-sqlite3 (and node:sqlite) run a query
// synchronously, so a search that scans many decks (exclusions: every deck without any of 200
// cards) held the event loop for seconds, and every other request waited (issue 33, H1). Here such
// queries go to a few threads with connections of their own; the main thread keeps serving.
import { Worker } from 'node:worker_threads';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema';

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
export type ReadReply =
  { id: number; rows: Record<string, unknown>[] } | { id: number; error: { message: string; code?: string } };

const ENTRY = new URL('./sqlite-read-thread-entry.mjs', import.meta.url);

/** Two threads: the machine this runs on has few cores, and the main thread needs one. */
const DEFAULT_THREADS = 2;

interface Pending {
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (error: Error) => void;
}

class ReadThread {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();

  constructor(file: string) {
    this.worker = new Worker(ENTRY, { workerData: { file } });
    this.worker.on('message', (reply: ReadReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if ('rows' in reply) waiting.resolve(reply.rows);
      else waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    });
    // A thread that dies fails what it was running; the caller answers 500, the next read starts another.
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('SQLite read thread exited')));
  }
}

/** A Kysely instance whose queries run on read threads: for SELECTs only (the threads refuse writes). */
export function sqliteReadDb(file: string, threadCount = DEFAULT_THREADS): Kysely<Database> {
  let threads: ReadThread[] = [];
  let nextId = 0;
  const thread = () => {
    threads = threads.filter((t) => t.worker.threadId !== -1);
    while (threads.length < threadCount) threads.push(new ReadThread(file));
    // The thread with the fewest queries in hand.
    return threads.reduce((best, t) => (t.pending.size < best.pending.size ? t : best));
  };
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const target = thread();
      const id = ++nextId;
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        target.pending.set(id, { resolve, reject });
        target.worker.postMessage({ id, sql: query.sql, parameters: query.parameters } satisfies ReadRequest);
      });
      return { rows: rows as R[] };
    },
    streamQuery() {
      throw new Error('Streaming is not supported on SQLite read threads');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {
      throw new Error('SQLite read threads run no transactions');
    },
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {
      await Promise.all(threads.map((t) => t.worker.terminate()));
      threads = [];
    },
  };
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
  return new Kysely<Database>({ dialect });
}
