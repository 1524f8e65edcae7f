import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  PostgresAdapter,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { Client, Pool, types, type ClientConfig, type PoolClient } from 'pg';

import { AuditAnnouncingDialect } from './audit-announcer';
import {
  GroupedSqliteDialect,
  LockedSqliteDialect,
  type ForwardedWrites,
  type WriteForwarder,
} from './locked-sqlite-dialect';
import { WriteLock } from './write-lock';
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
  /**
   * SQLite files only: transactions are savepoints within the group the
   * caller begins and commits (the counter's thread: GroupedSqliteDialect).
   */
  inGroups?: boolean;
}

const writeLocks = new WeakMap<Db, { lock: WriteLock; forwarded: ForwardedWrites }>();

/** The write lock of a SQLite file's connection, to share with another thread; null else. */
export function writeLockOf(db: Db): WriteLock | null {
  return writeLocks.get(db)?.lock ?? null;
}

/**
 * Sends `db`'s write statements outside transactions to `to` (another
 * thread's connection to the same file), or runs them here again (null).
 */
export function forwardLoneWrites(db: Db, to: WriteForwarder | null): void {
  const entry = writeLocks.get(db);
  if (!entry) throw new Error('Only a SQLite file opened with a write lock forwards its writes.');
  entry.forwarded.to = to;
}

/** Whether `db`'s write statements outside transactions go to the counter's thread now. */
export function forwardsLoneWrites(db: Db): boolean {
  return Boolean(writeLocks.get(db)?.forwarded.to);
}

const pgPools = new WeakMap<Db, Pool>();

/**
 * PostgreSQL only: a new connection outside the pool, with the pool's
 * settings (the test schema included), for a session that holds its
 * connection for good, such as LISTEN. Null on SQLite.
 */
export function dedicatedClient(db: Db): Client | null {
  const pool = pgPools.get(db);
  return pool ? new Client(pool.options as ClientConfig) : null;
}

/**
 * SQLite copies the WAL back into the file once it holds this many pages
 * (its default is 1,000). A lend rewrites the same hot pages (index ends,
 * figures), so a longer WAL copies far fewer pages per write: the lend bench
 * went from 441 to 502 lends a second, and the audit entry's extra pages
 * (issue 33) cost its p99 ×1.04 and ×0.97 in two runs, against ×1.28. The
 * WAL stays under 17 MB; 10,000 pages gave no more and longer stalls.
 * The server copies the WAL from a thread of its own (wal-checkpointer.ts),
 * so this bound mostly just restarts a WAL that thread has already copied.
 */
export const WAL_CHECKPOINT_PAGES = 4_000;

/**
 * The size a WAL file is cut back to when SQLite starts it again. SQLite
 * reuses a WAL file from its start and never shrinks it, so after one burst
 * of writes (an import, `npm run seed`, the bench's set-up: 2 GB) the file
 * kept that size on disk for good. Four times the WAL's usual bound
 * (WAL_CHECKPOINT_PAGES of 4 kB), so a file that size is never cut in normal
 * work only to grow again.
 */
export const WAL_KEEP_BYTES = 64 * 1024 * 1024;

/** The file a SQLite DATABASE_URL names, or null for PostgreSQL and `sqlite::memory:`. */
export function sqliteFileOf(url: string): string | null {
  if (dbKind(url) === 'postgres') return null;
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  return file === '' || file === ':memory:' ? null : file;
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
    const db = new Kysely<Schema>({ dialect: new AuditAnnouncingDialect({ pool }) });
    changeStamps.set(db, snapshotStamps(pool));
    pgPools.set(db, pool);
    return { db, kind: 'postgres' };
  }
  const file = sqliteFileOf(url) ?? ':memory:';
  // Not from the counter's thread: the API thread has prepared the file, and
  // opening and closing it here would drop this process's locks on it.
  if (file !== ':memory:' && !options.inGroups) prepareSqliteFile(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${WAL_KEEP_BYTES}`);
  if (options.inGroups) {
    // Each call of a group keeps the pages it changes in a savepoint journal,
    // by default a temporary file: in memory, a lend's SQL took 0.36 ms
    // instead of 0.52. Only here: elsewhere large sorts would spill to memory too.
    sqlite.pragma('temp_store = MEMORY');
    // The counter's thread writes nearly every page, and its commits past
    // wal_autocheckpoint would copy the WAL's last frames and sync both
    // files on that thread: lend bench rounds stalled at a p99 of 0.3-1 s.
    // The checkpointer's thread copies the WAL (wal-checkpointer.ts), and a
    // writer restarts a WAL that is copied with or without this setting.
    sqlite.pragma('wal_autocheckpoint = 0');
  }
  const writes = { count: 0 };
  const database = withStatementCache(sqlite, writes);
  // A file may be written by another thread of this process too (db/counter-writer.ts),
  // whose own connection (inGroups) takes the lock itself, around each group.
  const lock = file === ':memory:' || options.inGroups ? null : new WriteLock();
  const forwarded: ForwardedWrites = { to: null };
  const db = new Kysely<Schema>({
    dialect: options.inGroups
      ? new GroupedSqliteDialect({ database })
      : lock
        ? new LockedSqliteDialect({ database }, lock, database.writes, forwarded)
        : new SqliteDialect({ database }),
  });
  if (lock) writeLocks.set(db, { lock, forwarded });
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  changeStamps.set(db, () =>
    sqlite.inTransaction ? null : `${dataVersion.get() as number}:${writes.count}`,
  );
  return { db, kind: 'sqlite' };
}

/**
 * The database holds password hashes and reset codes, so only the API's user
 * may read it: the file is created 0600 before SQLite opens it (in a 0700
 * folder when the folder is new), and SQLite gives its -wal and -shm files the
 * database file's mode. Files left from before are narrowed to 0600 too.
 *
 * Only before this process opens the file: closing any descriptor of a file
 * drops every POSIX lock the process holds on it, SQLite's too. Another
 * process closing its connection then finds none, takes itself for the last,
 * and deletes the WAL under the running API (whose later commits were lost).
 */
function prepareSqliteFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      chmodSync(file + suffix, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

type ChangeStamp = () => string | null | Promise<string | null>;

const changeStamps = new WeakMap<Db, ChangeStamp>();

/**
 * A stamp that changes whenever the data may have changed, so a value read
 * earlier may be reused while it is the same (undefined for a transaction:
 * inside one nothing is reused). null: no stamp now, read afresh.
 *
 * SQLite: `PRAGMA data_version` changes when another connection (another
 * API process) has committed; the count of writing statements covers this
 * connection's own writes, which data_version does not count. A write in a
 * transaction is counted when it runs, before its commit, so nothing read
 * before the commit is reused after it. While the connection is inside a
 * transaction the stamp is null: data_version is frozen at the
 * transaction's snapshot, and another process's commit in the meantime
 * would go unseen.
 *
 * PostgreSQL: see snapshotStamps.
 */
export function changeStampOf(db: Db): ChangeStamp | undefined {
  return changeStamps.get(db);
}

/**
 * PostgreSQL's stamp is the server's current snapshot
 * (`pg_current_snapshot()`: the oldest running transaction, the next
 * transaction id and the ones in progress). Two equal snapshots see exactly
 * the same committed transactions, so the same data; any commit, by any API
 * process, gives every later snapshot another value. That makes reads
 * reusable across processes with nothing to invalidate.
 *
 * The stamp costs one round trip, shared: a caller may only use a snapshot
 * taken after it asked (else a commit made just before its request could
 * go unseen), so callers arriving while one query is out share the next
 * one, which starts as soon as that query is back. Under load that is one
 * small query for many requests, instead of each request's own reads.
 */
function snapshotStamps(pool: Pool): () => Promise<string | null> {
  let inFlight: Promise<string | null> | undefined;
  let next: Promise<string | null> | undefined;
  const query = (): Promise<string | null> => {
    const stamp = pool
      .query<{ stamp: string }>('select pg_current_snapshot()::text as stamp')
      .then(
        (result) => result.rows[0]?.stamp ?? null,
        () => null,
      )
      .finally(() => {
        if (inFlight === stamp) inFlight = undefined;
      });
    inFlight = stamp;
    return stamp;
  };
  return () => {
    if (!inFlight) return query();
    next ??= inFlight.then(() => {
      next = undefined;
      return query();
    });
    return next;
  };
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
    // pool.query(text, values) calls client.query(text, values, callback).
    const [text, values, ...rest] = args;
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
    return query({ name, text, values }, ...rest);
  };
}

/** Prepared statements kept per database: the API's query shapes, with room for IN-list lengths. */
export const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query afresh; on the dashboards that was a quarter
 * of the time spent in SQLite. Keeping the most recently used statements
 * (keyed by their SQL; values are bound per call) prepares each query shape
 * once. Kysely runs one query at a time per SQLite connection, so a kept
 * statement is never in use twice at once.
 *
 * A use only stamps its entry: moving it to the Map's end (delete, then
 * set) on every statement made V8 rebuild the Map's table every few
 * hundred statements, a table that lived long enough to reach the old
 * generation, and brought its collections sooner (lend bench). The least
 * recently used entry is looked for only when a new statement needs room.
 */
function withStatementCache(
  sqlite: Database.Database,
  writes: { count: number },
): SqliteDatabase & { writes(sql: string): boolean } {
  const kept = new Map<string, { statement: Database.Statement; usedAt: number }>();
  let uses = 0;
  const statementOf = (sql: string) => {
    uses += 1;
    const entry = kept.get(sql);
    if (entry) {
      entry.usedAt = uses;
      return entry.statement;
    }
    const statement = sqlite.prepare(sql);
    if (kept.size >= STATEMENT_CACHE) kept.delete(leastRecentlyUsed(kept));
    kept.set(sql, { statement, usedAt: uses });
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = statementOf(sql);
      // Kysely prepares and runs in one synchronous step, so this counts the write as it runs.
      if (!statement.readonly) writes.count += 1;
      return statement as unknown as SqliteStatement;
    },
    /** Whether a statement writes, prepared (and kept) to ask SQLite. */
    writes: (sql) => !statementOf(sql).readonly,
  };
}

function leastRecentlyUsed(kept: Map<string, { usedAt: number }>): string {
  let oldest: string | undefined;
  let oldestAt = Infinity;
  for (const [sql, { usedAt }] of kept) {
    if (usedAt < oldestAt) {
      oldest = sql;
      oldestAt = usedAt;
    }
  }
  return oldest as string;
}
