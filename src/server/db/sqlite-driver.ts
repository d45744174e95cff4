// The embedded database's driver. better-sqlite3 12 on Node 20 and 22. On Node 24 its native objects
// abort the whole process when the garbage collector finalises a statement outside a JavaScript
// context (Node 24.19 made ObjectWrap's destructor require one): seen here as SIGABRT at exit and
// reported upstream at arbitrary moments under load. better-sqlite3 13 fixes that but needs Node 22,
// so on Node 24 the driver built into Node (`node:sqlite`) serves instead, behind the same interface.
import { createRequire } from 'node:module';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** What the rest of the server needs of an open SQLite file: Kysely's interface and raw SQL. */
export interface SqliteConnection extends SqliteDatabase {
  exec(sql: string): void;
}

export type SqliteDriverName = 'better-sqlite3' | 'node:sqlite';

/** The driver this runtime uses. */
export function sqliteDriverName(nodeVersion = process.versions.node): SqliteDriverName {
  return Number(nodeVersion.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3';
}

export function openSqlite(file: string, driver: SqliteDriverName = sqliteDriverName()): SqliteConnection {
  if (driver === 'better-sqlite3') {
    // Loaded only where it is used: on Node 24 the module is never touched.
    const BetterSqlite = createRequire(import.meta.url)('better-sqlite3') as typeof import('better-sqlite3');
    return new BetterSqlite(file);
  }
  return openNodeSqlite(file);
}

/** Extended result codes of node:sqlite errors, named as better-sqlite3 names them in `code`. */
const RESULT_CODE_NAMES: Record<number, string> = {
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
};

/** node:sqlite throws `code: 'ERR_SQLITE_ERROR'` with the SQLite code in `errcode`; callers read better-sqlite3's names. */
function named<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    const errcode = (error as { errcode?: number }).errcode;
    if (typeof errcode === 'number')
      (error as { code?: string }).code = RESULT_CODE_NAMES[errcode] ?? `SQLITE_${errcode}`;
    throw error;
  }
}

type Parameter = null | number | bigint | string | NodeJS.ArrayBufferView;

/** The part of node:sqlite used here (its types come with @types/node 22+, and the project builds on 20). */
interface NodeSqliteModule {
  DatabaseSync: new (file: string) => {
    close(): void;
    exec(sql: string): void;
    prepare(sql: string): {
      columns(): unknown[];
      all(...parameters: Parameter[]): unknown[];
      run(...parameters: Parameter[]): { changes: number | bigint; lastInsertRowid: number | bigint };
      iterate(...parameters: Parameter[]): IterableIterator<unknown>;
    };
  };
}

function openNodeSqlite(file: string): SqliteConnection {
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as NodeSqliteModule;
  const database = new DatabaseSync(file);
  return {
    close: () => database.close(),
    exec: (sql) => named(() => database.exec(sql)),
    prepare(sql): SqliteStatement {
      const statement = named(() => database.prepare(sql));
      const args = (parameters: ReadonlyArray<unknown>) => parameters as Parameter[];
      return {
        // A statement that yields columns reads rows; Kysely asks, to choose `all` or `run`.
        reader: statement.columns().length > 0,
        all: (parameters) => named(() => statement.all(...args(parameters))),
        run: (parameters) => named(() => statement.run(...args(parameters))),
        iterate: (parameters) => named(() => statement.iterate(...args(parameters))),
      };
    },
  };
}
