import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';

import type { WriteLock } from './write-lock';

/** Runs a write statement outside a transaction elsewhere: on the thread that writes most. */
export type WriteForwarder = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

/** Where a connection's lone write statements go, if anywhere: set once that thread runs. */
export interface ForwardedWrites {
  to: WriteForwarder | null;
}

/**
 * Kysely's SQLite dialect, with the file's WriteLock taken for each
 * transaction (from its `begin` to its end) and for each write statement
 * outside one. Reads outside a transaction never wait: in WAL mode they
 * read the last commit, whoever holds the lock.
 *
 * While another thread writes most (the counter's), a write statement
 * outside a transaction is sent to run there instead (`forwarded`). Each
 * hand-over of the lock between threads waits for the receiving thread to
 * get round to it; on the API's thread, busy with requests, that left the
 * lock idle between the counter's lends, and the lend bench no faster
 * than with one thread. Transactions still take the lock here.
 *
 * Kysely's SQLite driver lets one query at a time use the connection, and a
 * statement waiting for the lock, or away on the other thread, would hold
 * it: every read of every request then queued behind the counter's writes
 * (the lend bench: 55 ms a call, both threads more than a third idle). So
 * SQLite's connection is taken only while a statement runs here, or for a
 * whole transaction.
 */
export class LockedSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly lock: WriteLock,
    /** Whether a statement writes (better-sqlite3 knows once it is prepared). */
    private readonly writes: (sql: string) => boolean,
    private readonly forwarded: ForwardedWrites,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LockedSqliteDriver(
      super.createDriver() as SqliteDriver,
      this.lock,
      this.writes,
      this.forwarded,
    );
  }
}

/**
 * A handle Kysely runs queries on. It holds SQLite's one connection only for
 * a transaction; a statement outside one takes the connection just while it
 * runs. So a read never waits for a write that is away on another thread.
 */
class LockedConnection implements DatabaseConnection {
  /** SQLite's connection, while this handle's transaction holds it (and the lock). */
  held: DatabaseConnection | null = null;

  constructor(private readonly driver: LockedSqliteDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.held) return this.held.executeQuery<R>(query);
    return this.driver.runAlone<R>(query);
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    if (this.held) {
      yield* this.held.streamQuery<R>(query, chunkSize);
      return;
    }
    const connection = await this.driver.inner.acquireConnection();
    try {
      yield* connection.streamQuery<R>(query, chunkSize);
    } finally {
      await this.driver.inner.releaseConnection();
    }
  }
}

/**
 * A transaction takes SQLite's write lock at its begin, not at its first
 * write. The WriteLock keeps this process's connections apart, but not
 * another process on the file (a second API process, `npm run seed`, a
 * bench's clean-up): if that one commits between a deferred transaction's
 * first read and its first write, the write fails at once with
 * SQLITE_BUSY_SNAPSHOT, whatever the busy timeout. Begun immediate, the
 * transaction waits out the other's write (busy_timeout) and reads after
 * it. In this process it changes nothing: the transaction holds the
 * WriteLock from its begin already.
 */
export const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

class LockedSqliteDriver implements Driver {
  constructor(
    readonly inner: SqliteDriver,
    private readonly lock: WriteLock,
    private readonly writes: (sql: string) => boolean,
    private readonly forwarded: ForwardedWrites,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LockedConnection(this);
  }

  /** A statement outside a transaction: a read at once, a write with the lock or forwarded. */
  async runAlone<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const writes = this.writes(query.sql);
    if (writes && this.forwarded.to) return (await this.forwarded.to(query)) as QueryResult<R>;
    const connection = await this.inner.acquireConnection();
    try {
      if (!writes) return await connection.executeQuery<R>(query);
      await this.lock.acquire();
      try {
        return await connection.executeQuery<R>(query);
      } finally {
        this.lock.release();
      }
    } finally {
      await this.inner.releaseConnection();
    }
  }

  async beginTransaction(handle: LockedConnection): Promise<void> {
    const connection = await this.inner.acquireConnection();
    await this.lock.acquire();
    handle.held = connection;
    try {
      await connection.executeQuery(BEGIN_IMMEDIATE);
    } catch (error) {
      this.end(handle);
      throw error;
    }
  }

  async commitTransaction(handle: LockedConnection): Promise<void> {
    // A failed commit leaves the transaction open: Kysely rolls it back next.
    await this.inner.commitTransaction(this.heldBy(handle));
    this.end(handle);
  }

  async rollbackTransaction(handle: LockedConnection): Promise<void> {
    try {
      if (handle.held) await this.inner.rollbackTransaction(handle.held);
    } finally {
      this.end(handle);
    }
  }

  savepoint(handle: LockedConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint(this.heldBy(handle), name, compile);
  }

  rollbackToSavepoint(
    handle: LockedConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.inner.rollbackToSavepoint(this.heldBy(handle), name, compile);
  }

  releaseSavepoint(handle: LockedConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint(this.heldBy(handle), name, compile);
  }

  /** Nothing to give back: a handle holds SQLite's connection only within its transaction. */
  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private heldBy(handle: LockedConnection): DatabaseConnection {
    if (!handle.held) throw new Error('No transaction is open on this connection.');
    return handle.held;
  }

  private end(handle: LockedConnection): void {
    if (!handle.held) return;
    handle.held = null;
    this.lock.release();
    void this.inner.releaseConnection();
  }
}

/**
 * The counter thread's dialect (db/counter-thread.ts). The thread runs the
 * calls it is sent in groups: each group is one SQLite transaction, which
 * the thread begins and commits itself, holding the write lock, and each
 * call's own transaction is a savepoint within it. A call that fails rolls
 * back to its savepoint, leaving the others; nobody is answered before the
 * group's commit. One commit then writes the pages the group's calls share
 * (the figures, the ends of the indexes, the audit log's) once.
 */
export class GroupedSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new GroupedSqliteDriver(super.createDriver() as SqliteDriver);
  }
}

const JOB = CompiledQuery.raw('savepoint counter_job');
const JOB_DONE = CompiledQuery.raw('release counter_job');
const JOB_UNDONE = CompiledQuery.raw('rollback to counter_job');

class GroupedSqliteDriver implements Driver {
  constructor(private readonly inner: SqliteDriver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(JOB);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(JOB_DONE);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(JOB_UNDONE);
    await connection.executeQuery(JOB_DONE);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.inner.savepoint(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.inner.rollbackToSavepoint(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    return this.inner.releaseSavepoint(connection, name, compile);
  }

  releaseConnection(): Promise<void> {
    return this.inner.releaseConnection();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
