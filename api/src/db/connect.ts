import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool, types } from 'pg';

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
    return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '') || ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) }),
    kind: 'sqlite',
  };
}
