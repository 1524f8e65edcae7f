import type { LiveEvent } from '../schemas/live-events';

/** Whose events a client may see: a shop its own, the super admin (shopId null) every one. */
export interface LiveViewer {
  shopId: number | null;
}

/** One open event stream of this process. */
export interface LiveSubscriber {
  viewer: LiveViewer;
  /** `frame` is the event as the stream sends it (changeFrame), made once for every stream. */
  deliver(event: LiveEvent, frame: string): void;
  /** Everything may have changed (events were lost): the client re-reads all it shows. */
  resync(): void;
  close(): void;
}

/** How long an event is written to streams before the process's other work gets a turn. */
const TURN_MS = 1;

/** A `change` event as server-sent event text: id, event name and the JSON data. */
export function changeFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`;
}

export function visibleTo(viewer: LiveViewer, event: LiveEvent): boolean {
  return viewer.shopId === null || event.shop === viewer.shopId;
}

/**
 * The open streams of one API process, and the events that reach it from
 * the database (lib/live-feed.ts): each event goes to every stream that may
 * see it. `lastId` is the newest event this process has passed on.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private readonly queue: Array<{ event: LiveEvent; frame: string }> = [];
  private draining = false;
  lastId = 0;

  get size(): number {
    return this.subscribers.size;
  }

  /** Adds a stream; the function returned removes it. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Passes an event to every stream that may see it, serialised once for all
   * of them, in order. It writes for 1 ms at a time, then the other calls
   * of the process get their turn: written at once, an event to 2,000
   * streams held every other answer back for tens of milliseconds; in turns
   * of a fixed number of streams, a loaded process fell behind the events.
   */
  publish(event: LiveEvent): void {
    if (event.id > this.lastId) this.lastId = event.id;
    this.queue.push({ event, frame: changeFrame(event) });
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        let turn = performance.now();
        for (const subscriber of [...this.subscribers]) {
          if (!visibleTo(subscriber.viewer, next.event)) continue;
          subscriber.deliver(next.event, next.frame);
          if (performance.now() - turn < TURN_MS) continue;
          await new Promise(setImmediate);
          turn = performance.now();
        }
      }
    } finally {
      this.draining = false;
    }
  }

  resyncAll(): void {
    for (const subscriber of this.subscribers) subscriber.resync();
  }

  closeAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }
}
