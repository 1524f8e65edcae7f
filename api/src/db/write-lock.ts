/**
 * One writer at a time on a SQLite file, across the threads of one API
 * process (the main thread and the counter's thread, db/counter-writer.ts).
 *
 * SQLite itself lets only one connection write at a time, but a connection
 * that finds the file locked waits in its busy handler, asleep, with its
 * whole thread stopped; and a transaction that read before another
 * connection committed cannot write at all (SQLITE_BUSY_SNAPSHOT). So every
 * transaction and every write statement takes this lock first, in turn
 * (a ticket lock: first come, first served, so neither thread starves the
 * other), and the main thread waits for it without blocking its event loop.
 *
 * The lock lives in a SharedArrayBuffer: two Int32 slots, the next ticket
 * and the ticket now served. Tickets wrap at 2^32; only equality is tested.
 */
export class WriteLock {
  private readonly slots: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.slots = new Int32Array(buffer);
  }

  /** Waits (without blocking the thread) until this caller holds the lock. */
  async acquire(): Promise<void> {
    const ticket = Atomics.add(this.slots, NEXT, 1);
    for (;;) {
      const serving = Atomics.load(this.slots, SERVING);
      if (serving === ticket) return;
      const wait = (Atomics as unknown as AtomicsWithWaitAsync).waitAsync(
        this.slots,
        SERVING,
        serving,
      );
      if (wait.async) await wait.value;
    }
  }

  /** Hands the lock to the next ticket. Only its holder may call this, once. */
  release(): void {
    Atomics.add(this.slots, SERVING, 1);
    Atomics.notify(this.slots, SERVING);
  }
}

// Node 20 has it; TypeScript's lib declares it from ES2024 on.
interface AtomicsWithWaitAsync {
  waitAsync(
    array: Int32Array,
    index: number,
    value: number,
  ): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<string> };
}

const NEXT = 0;
const SERVING = 1;
