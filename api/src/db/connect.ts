import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { Pool, types, type PoolClient } from 'pg';

import type { Database as Schema } from './schema';

export type Db = Kysely<Schema>;
export type DbKind = 'sqlite' | 'postgres';

// COUNT(*) and SUM() come back as int8/numeric text from PostgreSQL; the
// figures here stay far below 2^53, so read them as numbers.
types.setTypeParser(20, (v) => Number(v));
types.setTypeParser(1700, (v) => Number(v));

export function dbKind(url: string): DbKind {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** Which database a Kysely instance (or transaction) talks to, for the few queries that differ. */
export function dbKindOf(db: Db): DbKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface ConnectOptions {
  /** PostgreSQL only: the schema to work in (tests use one per file). */
  schema?: string;
}

/** Opens the database named by a DATABASE_URL: `sqlite:<file>`, `sqlite::memory:` or `postgres://…`. */
export function connect(url: string, options: ConnectOptions = {}): { db: Db; kind: DbKind } {
  if (dbKind(url) === 'postgres') {
    const pool = new Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    pool.on('connect', preparedStatements);
    return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const writes = { count: 0 };
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes) }),
  });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  changeStamps.set(db, () =>
    sqlite.inTransaction ? null : `${dataVersion.get() as number}:${writes.count}`,
  );
  return { db, kind: 'sqlite' };
}

const changeStamps = new WeakMap<Db, () => string | null>();

/**
 * SQLite only (undefined on PostgreSQL): a stamp that changes whenever the
 * data may have changed, so a value read earlier may be reused while it is
 * the same. `PRAGMA data_version` changes when another connection (another
 * API process) has committed; the count of writing statements covers this
 * connection's own writes, which data_version does not count. A write in a
 * transaction is counted when it runs, before its commit, so nothing read
 * before the commit is reused after it. While the connection is inside a
 * transaction the stamp is null (nothing may be reused): data_version is
 * frozen at the transaction's snapshot, and another process's commit in the
 * meantime would go unseen.
 */
export function changeStampOf(db: Db): (() => string | null) | undefined {
  return changeStamps.get(db);
}

/** Longest SQL text run as a named statement; longer ones are long IN lists of whole-list reads. */
const NAMED_SQL_MAX = 4_000;
const statementNames = new Map<string, string>();

/**
 * Runs each parameterised query of a PostgreSQL connection as a named
 * statement, so PostgreSQL parses and plans each query shape once per
 * connection instead of on every call (what the statement cache below does
 * for SQLite). Statements without parameters (DDL, BEGIN) stay unnamed.
 */
function preparedStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      text.length > NAMED_SQL_MAX
    ) {
      return query(...args);
    }
    let name = statementNames.get(text);
    if (!name) {
      name = `s${createHash('sha1').update(text).digest('base64url')}`;
      if (statementNames.size >= STATEMENT_CACHE) statementNames.clear();
      statementNames.set(text, name);
    }
    return query({ name, text, values });
  };
}

/** Prepared statements kept per database: the API's query shapes, with room for IN-list lengths. */
const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query afresh; on the dashboards that was a quarter
 * of the time spent in SQLite. Keeping the most recently used statements
 * (keyed by their SQL; values are bound per call) prepares each query shape
 * once. Kysely runs one query at a time per SQLite connection, so a kept
 * statement is never in use twice at once.
 */
function withStatementCache(sqlite: Database.Database, writes: { count: number }): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = kept.get(sql);
      if (statement) {
        // Most recently used last, so the first key is the one to evict.
        kept.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (kept.size >= STATEMENT_CACHE) kept.delete(kept.keys().next().value as string);
      }
      kept.set(sql, statement);
      // Kysely prepares and runs in one synchronous step, so this counts the write as it runs.
      if (!statement.readonly) writes.count += 1;
      return statement as unknown as SqliteStatement;
    },
  };
}
