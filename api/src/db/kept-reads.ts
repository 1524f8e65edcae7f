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

/**
 * How old a costly kept read may be when it is answered after the data
 * changed: its value shows the database as it was at most this long ago
 * (longer only when one read takes longer than this).
 */
export const MAX_STALE_MS = 2000;
/** A changed costly read is read again, in the background, once its value is this old. */
export const REFRESH_AFTER_MS = 1000;
/** A read that took less than this is never answered stale: reading it again costs little. */
export const COSTLY_READ_MS = 20;
/** Keys kept per database handle (one shop page per shop); past it the map starts again. */
const MAX_RECENT_KEYS = 5000;

interface RecentValue {
  stamp: string;
  value: unknown;
  /** Date.now() when its read started: the data is at least this recent. */
  readAt: number;
  readMs: number;
}

interface RecentSlot {
  last?: RecentValue;
  pending?: Promise<unknown>;
  /** The stamp the pending read started at. */
  pendingStamp?: string;
}

const recentByDb = new WeakMap<Db, Map<string, RecentSlot>>();

/**
 * keptRead for reads too costly to redo after every write (the shop page of
 * a shop with 50,000 loans, every shop's figures), under a steady stream of
 * writes: at most one read per key runs at a time (single flight), and a
 * costly read's last value is answered while it is at most MAX_STALE_MS
 * old, re-read in the background once it is REFRESH_AFTER_MS old. So under
 * writes such a read is redone about once a second, not once per write and
 * per waiting caller; with SQLite, whose reads hold the event loop, the
 * other calls are not queued behind a read after every write. A read faster
 * than COSTLY_READ_MS is never answered stale (only a caller arriving while
 * it runs shares it), so a lone user sees their own write at once on small
 * data. Unchanged stamp: the value is current, whatever its age.
 * `costly: true` treats the read as costly whatever it took: for a read whose
 * cost grows with every shop, one just under COSTLY_READ_MS would otherwise
 * be redone after every write of a stream. `costly: false` never answers it
 * stale, however long it took.
 * `fresh: true` is a caller that must see every change committed before it
 * asked: a panel re-reading after a live event about that change (an
 * answer up to 2 s old would show the page as before the change, and no
 * later event would correct it). It gets no stale value, and shares only a
 * read that started at the current stamp.
 */
export async function recentRead<T>(
  db: Db,
  key: string,
  read: () => Promise<T>,
  options: { costly?: boolean; fresh?: boolean } = {},
): Promise<T> {
  const stampOf = changeStampOf(db);
  if (!stampOf) return read();
  const stamp = await stampOf();
  if (stamp === null) return read();
  let slots = recentByDb.get(db);
  if (!slots || (slots.size >= MAX_RECENT_KEYS && !slots.has(key))) {
    slots = new Map();
    recentByDb.set(db, slots);
  }
  let slot = slots.get(key);
  if (!slot) {
    slot = {};
    slots.set(key, slot);
  }
  const { last } = slot;
  if (last?.stamp === stamp) return last.value as T;
  const refresh = (into: RecentSlot): Promise<T> => {
    const readAt = Date.now();
    const pending = read().then((value) => {
      // A fresh caller's read may end before an older one: the newest start is kept.
      if (!into.last || into.last.readAt <= readAt)
        into.last = { stamp, value, readAt, readMs: Date.now() - readAt };
      return value;
    });
    into.pending = pending;
    into.pendingStamp = stamp;
    // Cleared whether it failed or not, so the next caller reads again.
    const settled = () => {
      if (into.pending === pending) into.pending = into.pendingStamp = undefined;
    };
    void pending.then(settled, settled);
    return pending;
  };
  if (options.fresh)
    return slot.pending && slot.pendingStamp === stamp
      ? (slot.pending as Promise<T>)
      : refresh(slot);
  if (last && (options.costly ?? last.readMs >= COSTLY_READ_MS)) {
    const age = Date.now() - last.readAt;
    if (age <= MAX_STALE_MS) {
      // A background read's failure is the next caller's to meet.
      if (!slot.pending && age >= REFRESH_AFTER_MS) refresh(slot).catch(() => undefined);
      return last.value as T;
    }
  }
  return (slot.pending as Promise<T> | undefined) ?? refresh(slot);
}
