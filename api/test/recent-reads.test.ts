import { setTimeout as sleep } from 'node:timers/promises';

import type { Db } from '../src/db/connect';
import { COSTLY_READ_MS, MAX_STALE_MS, REFRESH_AFTER_MS, recentRead } from '../src/db/kept-reads';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { createTestContext, type TestContext, testShopValues } from './helpers';

/*
 * recentRead (src/db/kept-reads.ts): one read per key at a time, and a
 * costly read's last value answered for at most MAX_STALE_MS after a write.
 * Writes go through another pool on PostgreSQL (another API process), the
 * same handle on SQLite's in-memory database.
 */
let ctx: TestContext;
let writer: Db;
let added = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  writer = ctx.kind === 'postgres' ? ctx.another() : ctx.db;
});

afterAll(async () => {
  await ctx.close();
});

afterEach(() => jest.useRealTimers());

const countShops = (db: Db) =>
  db
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

async function addShop(): Promise<void> {
  added += 1;
  await insertShop(
    writer,
    systemAudit(),
    testShopValues(`Recent ${added}`, `recent${added}@test.dev`),
  );
}

/**
 * A read counted in `reads` when it starts and in `ended` when it has its
 * answer, taking `ms`. Costly or not is said, not measured: on a busy
 * machine a read meant to be fast can take over COSTLY_READ_MS.
 */
function counted(key: string, ms: number, costly: boolean) {
  const state = { reads: 0, ended: 0 };
  const read = () =>
    recentRead(
      ctx.db,
      key,
      async () => {
        state.reads += 1;
        const n = await countShops(ctx.db);
        if (ms > 0) await sleep(ms);
        state.ended += 1;
        return n;
      },
      { costly },
    );
  return { state, read };
}

/** Waits (up to 10 s) until `done` holds: a background read ends when a busy machine lets it. */
async function until(done: () => boolean): Promise<void> {
  for (const stop = performance.now() + 10_000; !done(); await sleep(5)) {
    if (performance.now() > stop) throw new Error('Timed out waiting for a background read.');
  }
}

describe('recent reads', () => {
  it('reads a fast read again after a write: the next caller sees it, and concurrent callers share one read', async () => {
    const { state, read } = counted('test:fast', 0, false);
    const before = await read();
    await addShop();
    const reads = state.reads;
    expect(await Promise.all(Array.from({ length: 10 }, read))).toEqual(
      Array<number>(10).fill(before + 1),
    );
    // On PostgreSQL callers at once share at most two stamps (connect.ts,
    // snapshotStamps), which any commit on the server makes differ.
    expect(state.reads - reads).toBeLessThanOrEqual(ctx.kind === 'postgres' ? 2 : 1);
  });

  it('answers a costly read stale for at most MAX_STALE_MS after a write, re-reading it once in the background', async () => {
    // Ages are the fake clock's (only Date is faked, standing still but for
    // the jumps below): a busy machine's slowness does not age the value.
    // Every faked API but Date: timers and I/O run for real.
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    const { state, read } = counted('test:costly', COSTLY_READ_MS + 10, true);
    const startedAt = Date.now();
    const before = await read();
    await addShop();
    // Younger than REFRESH_AFTER_MS: the last value, nothing read.
    expect(await Promise.all(Array.from({ length: 10 }, read))).toEqual(
      Array<number>(10).fill(before),
    );
    expect(state.reads).toBe(1);
    // Older: still the last value, and one read started for all callers.
    jest.setSystemTime(startedAt + REFRESH_AFTER_MS + 50);
    expect(await Promise.all(Array.from({ length: 10 }, read))).toEqual(
      Array<number>(10).fill(before),
    );
    expect(state.reads).toBe(2);
    // Once the background read has ended, its answer is the one given.
    await until(() => state.ended === 2);
    expect(await read()).toBe(before + 1);
    expect(state.reads).toBe(2);
    // Past MAX_STALE_MS after a write, the caller waits for a fresh read.
    await addShop();
    jest.setSystemTime(Date.now() + MAX_STALE_MS + 50);
    expect(await read()).toBe(before + 2);
    expect(state.reads).toBe(3);
  });

  it('answers a caller that asks for fresh data (a re-read after a live event) as of its call', async () => {
    const key = 'test:fresh';
    let reads = 0;
    /** A costly read; `counted` resolves once it has counted, while it still runs. */
    const readShops = (fresh: boolean, counted?: () => void) =>
      recentRead(
        ctx.db,
        key,
        async () => {
          reads += 1;
          const n = await countShops(ctx.db);
          counted?.();
          await sleep(COSTLY_READ_MS + 10);
          return n;
        },
        { fresh },
      );
    const before = await countShops(ctx.db);
    // A read in flight when the write commits does not answer a fresh caller after it.
    let hasCounted = () => undefined as void;
    const counting = new Promise<void>((resolve) => (hasCounted = resolve));
    const inFlight = readShops(false, hasCounted);
    await counting;
    await addShop();
    expect(await readShops(true)).toBe(before + 1);
    expect(await inFlight).toBe(before);
    // The newest read is the one kept, whichever ended last.
    expect(await readShops(false)).toBe(before + 1);
    // Fresh callers at one stamp share one read. On PostgreSQL callers at
    // once share at most two stamps (connect.ts, snapshotStamps), which any
    // commit in the cluster makes differ.
    await addShop();
    const readsBefore = reads;
    expect(await Promise.all(Array.from({ length: 5 }, () => readShops(true)))).toEqual(
      Array<number>(5).fill(before + 2),
    );
    expect(reads - readsBefore).toBeLessThanOrEqual(ctx.kind === 'postgres' ? 2 : 1);
  });

  it('reads afresh inside a transaction', async () => {
    const { read } = counted('test:transaction', 0, false);
    const outside = await read();
    const inside = await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('shops').where('email', 'like', 'recent%').execute();
      return recentRead(trx as unknown as Db, 'test:transaction', () =>
        countShops(trx as unknown as Db),
      );
    });
    expect(inside).toBe(outside - added);
  });
});
