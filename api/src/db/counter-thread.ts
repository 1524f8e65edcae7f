import { sql } from 'kysely';
import { parentPort, workerData } from 'node:worker_threads';

import { DomainError } from '../errors';
import { connect } from './connect';
import { BEGIN_IMMEDIATE } from './locked-sqlite-dialect';
import {
  forwardedQuery,
  lendOnThread,
  takeBackOnThread,
  type CounterAnswer,
  type CounterJob,
} from './counter-writer';
import { WriteLock } from './write-lock';

/*
 * The counter's thread (db/counter-writer.ts): its own connection to the
 * SQLite file runs the lends, returns and lone write statements it is
 * sent, in the order sent, and answers each its result or its error.
 *
 * Calls are run in groups (GroupedSqliteDialect): the calls that arrived
 * while the last group ran make the next group, one transaction, committed
 * before any of them is answered. Under a light load a group is one call;
 * the busier the counter, the larger the groups, and the fewer commits a
 * call pays for. The write lock is held from the group's begin to its end.
 */
const { file, lock: lockBuffer } = workerData as { file: string; lock: SharedArrayBuffer };
const lock = new WriteLock(lockBuffer);
const { db } = connect(`sqlite:${file}`, { inGroups: true });
const port = parentPort as NonNullable<typeof parentPort>;

let waiting: CounterJob[] = [];
let group: Promise<void> | null = null;
let stopping = false;

function answerOf(job: CounterJob, error: unknown): CounterAnswer {
  const { name, message } = error instanceof Error ? error : new Error(String(error));
  const fields = error instanceof DomainError ? error.fields : undefined;
  return { id: job.id, error: { name, message, ...(fields ? { fields } : {}) } };
}

async function run(job: CounterJob): Promise<CounterAnswer> {
  try {
    const result =
      job.op === 'sql'
        ? await db.executeQuery(forwardedQuery(job.sql, job.parameters))
        : job.op === 'lend'
          ? await lendOnThread(db, ...job.args)
          : await takeBackOnThread(db, ...job.args);
    return { id: job.id, result };
  } catch (error) {
    return answerOf(job, error);
  }
}

/** Runs the calls waiting as one group, and the next group while more arrived meanwhile. */
async function runGroups(): Promise<void> {
  while (waiting.length > 0) {
    const jobs = waiting;
    waiting = [];
    let answers: CounterAnswer[] = [];
    await lock.acquireNoted();
    try {
      // Immediate, for the reason given at BEGIN_IMMEDIATE: a group reads before it writes.
      await db.executeQuery(BEGIN_IMMEDIATE);
      for (const job of jobs) answers.push(await run(job));
      try {
        await sql`commit`.execute(db);
      } catch (error) {
        await sql`rollback`.execute(db).catch(() => {});
        answers = jobs.map((job) => answerOf(job, error));
      }
    } catch (error) {
      answers = jobs.map((job) => answerOf(job, error));
    } finally {
      lock.releaseNoted();
    }
    for (const answer of answers) port.postMessage(answer);
    // Let the calls sent meanwhile arrive, to join the next group.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

port.on('message', (job: CounterJob | 'stop') => {
  if (job === 'stop') {
    stopping = true;
    void (group ?? Promise.resolve()).then(async () => {
      await db.destroy();
      port.close();
    });
    return;
  }
  if (stopping) {
    port.postMessage(answerOf(job, new Error("The counter's thread is stopping.")));
    return;
  }
  waiting.push(job);
  // The first call of a group waits for the others that arrive with it.
  group ??= new Promise<void>((resolve) => setImmediate(resolve)).then(runGroups).finally(() => {
    group = null;
  });
});
port.postMessage('ready');
