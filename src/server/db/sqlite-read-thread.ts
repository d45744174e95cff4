// A thread that runs read-only queries on the SQLite file for the main thread (sqlite-reads.ts).
// Its own connection: WAL lets it read while the main thread writes, and it sees every write
// committed before its query starts.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './thread-priority';
import { openSqlite } from './sqlite-driver';
import type { ReadReply, ReadRequest } from './sqlite-reads';

const { file } = workerData as { file: string };
// A search keeps this thread busy for as long as it takes, and the machine may have no core to spare:
// at the same priority the event loop shared the CPUs with the read threads as an equal, and had to
// wait for its turn behind the searches. Below it, the loop's thread goes first.
lowerThreadPriority();
const sqlite = openSqlite(file);
// Reads only (also refused below): a write sent here by mistake fails instead of racing the main thread's writes.
sqlite.exec('pragma query_only = 1');
sqlite.exec('pragma busy_timeout = 5000');
// The same page cache as the main connection (connect.ts): the search indexes stay in memory.
sqlite.exec('pragma cache_size = -64000');

parentPort!.on('message', ({ id, sql, parameters }: ReadRequest) => {
  let reply: ReadReply;
  try {
    const statement = sqlite.prepare(sql);
    if (!statement.reader) throw new Error('SQLite read threads run reads only');
    reply = { id, rows: statement.all(parameters) as Record<string, unknown>[] };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    reply = { id, error: { message: String(message), code } };
  }
  parentPort!.postMessage(reply);
});
