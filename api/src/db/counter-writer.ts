import { Worker } from 'node:worker_threads';

import * as domainErrors from '../errors';
import type { AuditContext } from '../lib/audit';
import {
  claimKeyOrThrow,
  keepAnswer,
  type AnswerKept,
  type KeyInTransaction,
} from '../lib/idempotency';
import {
  lendableContainers,
  lendCheckedContainers,
  lendContainers,
  returnContainers,
  type LendableContainer,
  type LendInput,
} from '../repositories/loans';
import type { Loan, ReturnReply } from '../schemas/loan';
import { CompiledQuery, type QueryResult } from 'kysely';

import { forwardLoneWrites, writeLockOf, type Db } from './connect';

/**
 * The counter's writes: a lend and a return (take back). They are the
 * panel's busiest writes (every container a shop lends or takes back, all
 * day, from every shop), so on a SQLite file they may run on a thread of
 * their own.
 */
export interface CounterWrites {
  lend(
    audit: AuditContext,
    shop: { id: number; name: string },
    input: LendInput,
    now: Date,
    /** The call's Idempotency-Key, claimed in the lend's transaction. */
    key: KeyInTransaction | null,
  ): Promise<Loan | AnswerKept>;
  takeBack(
    audit: AuditContext,
    shop: { id: number },
    codes: string[],
    now: Date,
    /** The call's Idempotency-Key, claimed in the return's transaction. */
    key: KeyInTransaction | null,
  ): Promise<ReturnReply | AnswerKept>;
}

/** The counter's writes run in the calling thread, on `db`: PostgreSQL, `sqlite::memory:`, tests. */
export function inThreadCounterWrites(db: Db): CounterWrites {
  return {
    lend: (audit, shop, input, now, key) =>
      lendContainers(db, audit, shop, input, now, claiming(key)),
    takeBack: (audit, shop, codes, now, key) =>
      returnContainers(db, audit, shop, codes, now, claiming(key)),
  };
}

/** What the thread is sent for a lend: the call, with the containers the API thread read for it. */
export type ThreadLend = [
  audit: AuditContext,
  shop: { id: number; name: string },
  input: LendInput,
  containers: LendableContainer[],
  now: Date,
  key: KeyInTransaction | null,
];

/** A lend on the counter's thread. */
export const lendOnThread = (db: Db, ...[audit, shop, input, containers, now, key]: ThreadLend) =>
  keptWithTheChange(key, (claim, keep) =>
    lendCheckedContainers(db, audit, shop, input, containers, now, claim, keep),
  );

/** A return (take back) on the counter's thread. */
export const takeBackOnThread = (
  db: Db,
  ...[audit, shop, codes, now, key]: Parameters<CounterWrites['takeBack']>
) =>
  keptWithTheChange(key, (claim, keep) =>
    returnContainers(db, audit, shop, codes, now, claim, keep),
  );

/** The claim of a call's Idempotency-Key, made in the call's own transaction. */
const claiming = (key: KeyInTransaction | null) =>
  key ? (trx: Db) => claimKeyOrThrow(trx, key) : undefined;

/**
 * On the counter's thread a call's answer is kept in the call's own
 * transaction too, with its claim, as the JSON text the route then sends.
 * Kept as it went out, it was one more write and one more trip between
 * the threads per call, in the next group (lend bench, paired rounds:
 * 5 % less CPU a lend).
 */
async function keptWithTheChange<A>(
  key: KeyInTransaction | null,
  change: (
    claim: ((trx: Db) => Promise<void>) | undefined,
    keep: ((trx: Db, answer: A) => Promise<void>) | undefined,
  ) => Promise<A>,
): Promise<A | AnswerKept> {
  if (!key) return change(undefined, undefined);
  let keptAnswer = '';
  await change(claiming(key), async (trx, answer) => {
    keptAnswer = JSON.stringify(answer);
    await keepAnswer(trx, key, key.status, keptAnswer);
  });
  return { keptAnswer };
}

const counterThreads = new WeakMap<Db, CounterWrites>();

/** Where `db`'s counter writes run: on its counter thread while one runs, else in this thread. */
export function counterWritesOf(db: Db): CounterWrites {
  return counterThreads.get(db) ?? inThreadCounterWrites(db);
}

export interface CounterThread extends CounterWrites {
  /** Ends the thread (calls still running finish first) and closes its connection. */
  stop(): Promise<void>;
  /** Ends the thread at once, whatever it is running, as a crash would (tests). */
  terminate(): Promise<void>;
}

/** A call sent to the thread, until it is answered. */
interface PendingCall {
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

/** A job for the thread, and its answer. */
export type CounterJob = { id: number } & CounterWork;
type CounterWork =
  | { op: 'sql'; sql: string; parameters: readonly unknown[] }
  | { op: 'lend'; args: ThreadLend }
  | { op: 'takeBack'; args: Parameters<CounterWrites['takeBack']> };
export type CounterAnswer =
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string; fields?: domainErrors.ErrorFields } };

/**
 * Runs the counter's writes on a thread of its own, with its own connection
 * to the SQLite file `db` is open on.
 *
 * Why: Node runs the API on one thread, and under the counter's load that
 * thread was the bottleneck, half of it inside SQLite, while the machine's
 * other cores idled (lend bench: API thread 93 % busy, the load 11 %).
 * Here the HTTP work (parsing, checks, tokens, JSON, compression) stays on
 * the API's thread and the lend's SQL runs beside it. Both connections
 * take the file's WriteLock (db/write-lock.ts) to write, so they never
 * wait on each other inside SQLite.
 *
 * The thread loads the repositories' TypeScript with tsx's require hook,
 * as the API itself is run; it answers `ready` once it can take calls.
 *
 * Should the thread end otherwise than by `stop` (an error, terminate), its
 * calls fail, later ones run in the API's thread again, and the write lock
 * it held or awaited is handed on (WriteLock.releaseAbandoned): SQLite has
 * rolled its group back as the thread ended.
 */
export async function startCounterThread(db: Db, file: string): Promise<CounterThread> {
  const lock = writeLockOf(db);
  if (!lock) throw new Error('The counter thread needs a SQLite file opened with a write lock.');
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: {
      tsx: require.resolve('tsx/cjs/api'),
      entry: require.resolve('./counter-thread'),
      file,
      lock: lock.buffer,
    },
  });
  // The calls awaiting their answer, by id. An id is a slot of this array,
  // used again once its call is answered, not a key of a Map: a Map that
  // gains and loses an entry at every call builds a new table every few
  // dozen calls, and V8 links each old table to the next. An old table that
  // had reached the old generation kept the next one alive, that one the
  // next, with the calls they held: about 2.5 kB promoted a lend, a major
  // GC every 2 s holding the event loop (lend bench: the p99).
  const calls: Array<PendingCall | undefined> = [];
  const freeIds: number[] = [];
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    if (failure) return;
    failure = error;
    void lock.releaseAbandoned();
    // Later calls run in the API's thread again.
    forwardLoneWrites(db, null);
    counterThreads.delete(db);
    for (const call of calls) call?.reject(error);
    calls.length = 0;
    freeIds.length = 0;
  };
  worker.on('error', (error) => failAll(error));
  worker.on('exit', () => failAll(new Error("The counter's thread has stopped.")));
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error("The counter's thread stopped while starting.")));
  });
  worker.on('message', (answer: CounterAnswer) => {
    const call = calls[answer.id];
    if (!call) return;
    calls[answer.id] = undefined;
    freeIds.push(answer.id);
    if ('error' in answer) call.reject(errorOf(answer.error));
    else call.resolve(answer.result as never);
  });
  const send = <T>(job: CounterWork): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = freeIds.pop() ?? calls.length;
    return new Promise<T>((resolve, reject) => {
      calls[id] = { resolve: resolve as (value: never) => void, reject };
      worker.postMessage({ ...job, id });
    });
  };
  // The API thread's lone writes (an idempotency key, a login's audit entry) run here too.
  forwardLoneWrites(db, async (query) =>
    buffersBack(await send({ op: 'sql', sql: query.sql, parameters: query.parameters })),
  );
  const thread: CounterThread = {
    // The containers are read here, where reads run beside the thread's writes.
    lend: async (audit, shop, input, now, key) =>
      send({
        op: 'lend',
        args: [audit, shop, input, await lendableContainers(db, shop.id, input.codes), now, key],
      }),
    takeBack: (...args) => send({ op: 'takeBack', args }),
    terminate: async () => {
      await worker.terminate();
    },
    stop: async () => {
      if (failure) return;
      forwardLoneWrites(db, null);
      counterThreads.delete(db);
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await exited;
    },
  };
  counterThreads.set(db, thread);
  return thread;
}

/** Blobs cross threads as Uint8Arrays; better-sqlite3 takes and gives them as Buffers. */
function asBuffer(value: unknown): unknown {
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

/** A forwarded statement's result as the API thread reads it: its blobs as Buffers again. */
function buffersBack(result: QueryResult<unknown>): QueryResult<unknown> {
  for (const row of result.rows as Array<Record<string, unknown>>)
    for (const [column, value] of Object.entries(row)) row[column] = asBuffer(value);
  return result;
}

/** A forwarded statement as the thread runs it: its blobs as Buffers again. */
export function forwardedQuery(sql: string, parameters: readonly unknown[]): CompiledQuery {
  return CompiledQuery.raw(sql, parameters.map(asBuffer));
}

/** Plain JavaScript, run as it is: it registers tsx, then loads the thread's TypeScript. */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
require(workerData.tsx).register();
require(workerData.entry);
`;

/** The error the thread threw, as the same domain error class (so the same HTTP status). */
function errorOf(error: {
  name: string;
  message: string;
  fields?: domainErrors.ErrorFields;
}): Error {
  const known = (domainErrors as Record<string, unknown>)[error.name];
  if (typeof known === 'function' && known.prototype instanceof domainErrors.DomainError) {
    const DomainErrorClass = known as new (
      message: string,
      fields?: domainErrors.ErrorFields,
    ) => domainErrors.DomainError;
    return new DomainErrorClass(error.message, error.fields);
  }
  return new Error(error.message);
}
