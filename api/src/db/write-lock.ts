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
 * The lock lives in a SharedArrayBuffer: Int32 slots for the next ticket,
 * the ticket now served, and the ticket of the one user that notes it
 * (acquireNoted: the counter's thread). Tickets wrap at 2^32; only equality
 * is tested.
 *
 * Why a noted ticket: a thread that dies while it holds the lock, or while
 * it waits for it, never hands it on, and every later write of the process
 * would wait for ever. SQLite itself lets go of the dead thread's
 * transaction (better-sqlite3 closes a thread's connections as the thread
 * ends, rolling it back); releaseAbandoned hands the dead thread's turn on.
 */
export class WriteLock {
  private readonly slots: Int32Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(SLOTS * 4)) {
    this.slots = new Int32Array(buffer);
  }

  /** Waits (without blocking the thread) until this caller holds the lock. */
  async acquire(): Promise<void> {
    await this.served(Atomics.add(this.slots, NEXT, 1));
  }

  /**
   * acquire, with the ticket noted in the lock until this caller's release
   * (releaseNoted can then hand its turn on). One user of a lock notes its
   * tickets: the counter's thread.
   */
  async acquireNoted(): Promise<void> {
    // A thread ended between taking its ticket and noting it would leave the
    // lock stuck; nothing between the two calls allocates or calls a
    // function, where V8 stops a thread that is terminated or out of memory.
    Atomics.store(this.slots, NOTED, TAKING);
    const ticket = Atomics.add(this.slots, NEXT, 1);
    Atomics.store(this.slots, NOTED_TICKET, ticket);
    Atomics.store(this.slots, NOTED, NOTED_SET);
    await this.served(ticket);
  }

  /** release, for a ticket taken by acquireNoted: the lock forgets it. */
  releaseNoted(): void {
    Atomics.store(this.slots, NOTED, NONE);
    this.release();
  }

  /**
   * For a noted user that is gone (its thread ended): waits for its ticket's
   * turn, if it is not already served, then hands the lock on, as that user
   * would have. Nothing to do if it held or awaited no ticket.
   */
  async releaseAbandoned(): Promise<void> {
    if (Atomics.load(this.slots, NOTED) !== NOTED_SET) return;
    const ticket = Atomics.load(this.slots, NOTED_TICKET);
    Atomics.store(this.slots, NOTED, NONE);
    await this.served(ticket);
    this.release();
  }

  private async served(ticket: number): Promise<void> {
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
/** Whether a noted ticket is held or awaited (NOTED_SET), being taken (TAKING), or none. */
const NOTED = 2;
const NOTED_TICKET = 3;
const SLOTS = 4;

const NONE = 0;
const NOTED_SET = 1;
const TAKING = 2;
