import type { LiveEvent } from '../schemas/live-events';

/** Whose events a client may see: a shop its own, the super admin (shopId null) every one. */
export interface LiveViewer {
  shopId: number | null;
}

/** One open event stream of this process. */
export interface LiveSubscriber {
  viewer: LiveViewer;
  /**
   * `events` in order, and `frames` the same events as the stream sends
   * them (changeFrame), made once for every stream that sees the same ones.
   */
  deliver(events: LiveEvent[], frames: string): void;
  /** Everything may have changed (events were lost): the client re-reads all it shows. */
  resync(): void;
  close(): void;
}

/** How long events are written to streams before the process's other work gets a turn. */
const TURN_MS = 1;
/**
 * After a fan-out, how long the next one waits, gathering the events that
 * arrive meanwhile into one write per stream. A lone event goes at once;
 * under 10 changes a second, 2,000 streams get a write each per half
 * second instead of one per event: the other calls' p99 rose ×1.01-1.45
 * (×1.5 at 250 ms, ×2.1-2.4 one write per event), and the last stream got
 * an event within 560-660 ms (the fan-out's goal is 1 s, the panel's 2 s).
 */
export const BATCH_MS = 500;

/** A `change` event as server-sent event text: id, event name and the JSON data. */
export function changeFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;
}

export function visibleTo(viewer: LiveViewer, event: LiveEvent): boolean {
  return viewer.shopId === null || event.shop === viewer.shopId;
}

/** The events of a batch one viewer may see, and their frames, made once per kind of viewer. */
class BatchFrames {
  private readonly byShop = new Map<number, { events: LiveEvent[]; frames: string }>();
  private readonly all: { events: LiveEvent[]; frames: string };

  constructor(events: LiveEvent[]) {
    this.all = { events, frames: events.map(changeFrame).join('') };
  }

  for(viewer: LiveViewer): { events: LiveEvent[]; frames: string } {
    if (viewer.shopId === null) return this.all;
    let own = this.byShop.get(viewer.shopId);
    if (!own) {
      const events = this.all.events.filter((event) => visibleTo(viewer, event));
      own = { events, frames: events.map(changeFrame).join('') };
      this.byShop.set(viewer.shopId, own);
    }
    return own;
  }
}

/**
 * The open streams of one API process, and the events that reach it from
 * the database (lib/live-feed.ts): each event goes to every stream that may
 * see it, in order. `lastId` is the newest event this process has passed on.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private queue: LiveEvent[] = [];
  private draining = false;
  private lastFanOut = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  lastId = 0;

  get size(): number {
    return this.subscribers.size;
  }

  /** Adds a stream; the function returned removes it. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Passes an event to every stream that may see it: at once, or with the next batch (BATCH_MS). */
  publish(event: LiveEvent): void {
    if (event.id > this.lastId) this.lastId = event.id;
    // Nobody to tell: a stream that opens later reads what it missed from
    // the table. Queued, every lend's event lived up to BATCH_MS and so
    // outlived the API thread's young-generation GCs, to be copied to the
    // old generation, whose collections make the lend's slowest answers.
    if (this.subscribers.size === 0) return;
    this.queue.push(event);
    this.schedule();
  }

  private schedule(): void {
    if (this.draining || this.timer || this.queue.length === 0) return;
    const wait = this.lastFanOut + BATCH_MS - performance.now();
    if (wait <= 0) {
      void this.drain();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.drain();
    }, wait);
    // A batch never holds the process open.
    this.timer.unref();
  }

  /**
   * Writes the queued events to the streams 1 ms at a time, then the other
   * calls of the process get their turn: written at once, an event to 2,000
   * streams held every other answer back for tens of milliseconds; in turns
   * of a fixed number of streams, a loaded process fell behind the events.
   */
  private async drain(): Promise<void> {
    this.draining = true;
    this.lastFanOut = performance.now();
    const batch = new BatchFrames(this.queue);
    this.queue = [];
    try {
      let turn = performance.now();
      for (const subscriber of [...this.subscribers]) {
        const { events, frames } = batch.for(subscriber.viewer);
        if (events.length === 0) continue;
        subscriber.deliver(events, frames);
        if (performance.now() - turn < TURN_MS) continue;
        await new Promise(setImmediate);
        turn = performance.now();
      }
    } finally {
      this.draining = false;
      this.schedule();
    }
  }

  resyncAll(): void {
    for (const subscriber of this.subscribers) subscriber.resync();
  }

  closeAll(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }
}
