import { Worker } from 'node:worker_threads';

/**
 * While the WAL grows, how often the checkpointer copies it back. A page
 * written by many commits meanwhile is copied once: at 100 ms rather than
 * 10, the lend bench's rounds made 9 % more lends (paired rounds, same run).
 */
export const BUSY_CHECK_MS = 100;
/**
 * The checkpointer thread's niceness (Linux): below the API's and the
 * counter's threads, which on 2 cores it would otherwise take a core from
 * while calls wait. The copy can wait for their idle moments; a WAL not yet
 * copied only grows. With 10, the lend bench's rounds made 9 % more lends
 * at a 9 % lower p99 than with neither change (paired rounds, same run).
 */
export const NICENESS = 10;
/** While it does not, how often the checkpointer looks. */
export const IDLE_CHECK_MS = 250;

/**
 * The checkpointer's thread: its own connection to the file, a PASSIVE
 * checkpoint (it never waits for, nor blocks, the API's reads and writes)
 * every BUSY_CHECK_MS while frames are added, every IDLE_CHECK_MS else, at
 * a lower priority (NICENESS).
 * Plain JavaScript, run as it is: the thread has no TypeScript loader.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// better-sqlite3's errors cross to the API's thread without their message: send it.
const tell = (error) => parentPort.postMessage({ error: error.message || String(error) });
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
} catch (error) {
  tell(error);
  process.exit(1);
}
try {
  // /proc/thread-self names this thread's id, which setPriority takes on Linux.
  const thread = require('node:fs').readlinkSync('/proc/thread-self');
  require('node:os').setPriority(Number(thread.split('/').pop()), workerData.niceness);
} catch {
  // Elsewhere it runs at the process's priority.
}
let lastFrames = -1;
let timer;
const check = () => {
  let frames = lastFrames;
  try {
    frames = db.pragma('wal_checkpoint(PASSIVE)')[0].log;
  } catch (error) {
    tell(error);
  }
  const growing = frames !== lastFrames;
  lastFrames = frames;
  timer = setTimeout(check, growing ? workerData.busyMs : workerData.idleMs);
};
check();
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Ends the thread and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Copies a SQLite file's WAL back into the database from a thread of its
 * own. Without it, the commit that takes the WAL past wal_autocheckpoint
 * copies the whole WAL and syncs the file on the API's only thread, and
 * every call waiting behind it waits too (the lend bench's p99). With it,
 * that commit finds the WAL already copied but for its last frames: it
 * only restarts the WAL, which SQLite can do only in the writing
 * connection, so wal_autocheckpoint stays set as the WAL's bound.
 */
export function startWalCheckpointer(
  file: string,
  onError: (message: string) => void = (message) =>
    console.error(`SQLite checkpointer: ${message}`),
): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: require.resolve('better-sqlite3'),
      busyMs: BUSY_CHECK_MS,
      idleMs: IDLE_CHECK_MS,
      niceness: NICENESS,
    },
  });
  // The API's own checkpoints remain if the thread fails: never a reason to stop.
  worker.on('message', (message: { error: string }) => onError(message.error));
  worker.on('error', (error) => onError(error.message));
  // It never holds the process open.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      worker.postMessage('stop');
      await exited;
    },
  };
}
