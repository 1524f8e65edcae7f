import { changeStampOf, type Db } from './connect';

/** Reads kept per database handle, at most this many (then the cache starts again). */
const MAX_KEPT = 10_000;

interface Kept {
  stamp: string;
  reads: Map<string, Promise<unknown>>;
}

const keptByDb = new WeakMap<Db, Kept>();

/**
 * The result of `read`, reused on SQLite while the database's change stamp
 * (changeStampOf) stays the same: a write by this process or a commit by
 * any other one drops every kept read, so nothing stale is ever answered,
 * on any process; while a transaction is open on the connection every call
 * reads. PostgreSQL (and a transaction) has no stamp: there `read`
 * runs every time. Callers must treat the result as read-only: it is shared.
 * `key` names the read and all its arguments.
 */
export function keptRead<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const stampOf = changeStampOf(db);
  if (!stampOf) return read();
  const stamp = stampOf();
  if (stamp === null) return read();
  let kept = keptByDb.get(db);
  if (!kept || kept.stamp !== stamp || kept.reads.size >= MAX_KEPT) {
    kept = { stamp, reads: new Map() };
    keptByDb.set(db, kept);
  }
  const known = kept.reads.get(key);
  if (known) return known as Promise<T>;
  // Kept under the stamp taken before the read, so a change meanwhile moves
  // the stamp on and the next call reads again. Concurrent callers share it.
  const reads = kept.reads;
  const result = read();
  reads.set(key, result);
  result.catch(() => reads.delete(key));
  return result;
}

/** Whether keptRead keeps reads on this handle (SQLite), so a costly read pays off across calls. */
export function keepsReads(db: Db): boolean {
  return changeStampOf(db) !== undefined;
}
