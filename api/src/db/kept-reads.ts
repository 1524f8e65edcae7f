import { changeStampOf, type Db } from './connect';

/**
 * What the reads kept per database handle may weigh together (then the
 * cache starts again). A figure or a row weighs 1; a page of a list weighs
 * its rows, so at most 200 pages of 100 rows (about 10 MB) are kept.
 */
const MAX_WEIGHT = 20_000;

interface Kept {
  stamp: string;
  reads: Map<string, Promise<unknown>>;
  weight: number;
}

const keptByDb = new WeakMap<Db, Kept>();

/**
 * The result of `read`, reused while the database's change stamp
 * (changeStampOf: SQLite's data version, PostgreSQL's snapshot) stays the
 * same: a write by this process or a commit by any other one drops every
 * kept read, so nothing stale is ever answered, on any process. Inside a
 * transaction (no stamp) `read` runs every time. Callers must treat the
 * result as read-only: it is shared. `key` names the read and all its
 * arguments.
 */
export async function keptRead<T>(
  db: Db,
  key: string,
  read: () => Promise<T>,
  weight = 1,
): Promise<T> {
  const stampOf = changeStampOf(db);
  if (!stampOf) return read();
  // Taken before the read (SQLite's at once, PostgreSQL's from a query sent
  // after this call), so a change meanwhile moves the stamp on.
  const stamp = await stampOf();
  if (stamp === null) return read();
  let kept = keptByDb.get(db);
  if (!kept || kept.stamp !== stamp || kept.weight + weight > MAX_WEIGHT) {
    kept = { stamp, reads: new Map(), weight: 0 };
    keptByDb.set(db, kept);
  }
  const known = kept.reads.get(key);
  if (known) return known as Promise<T>;
  // Kept under the stamp taken before the read, so a change meanwhile moves
  // the stamp on and the next call reads again. Concurrent callers share it.
  const reads = kept.reads;
  const result = read();
  reads.set(key, result);
  kept.weight += weight;
  result.catch(() => reads.delete(key));
  return result;
}

/** Whether keptRead keeps reads on this handle (not a transaction), so a costly read pays off across calls. */
export function keepsReads(db: Db): boolean {
  return changeStampOf(db) !== undefined;
}
