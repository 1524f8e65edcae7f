import type { LiveEvent } from '../schemas/live-events';

/** Whose events a client may see: a shop its own, the super admin (shopId null) every one. */
export interface LiveViewer {
  shopId: number | null;
}

/** One open event stream of this process. */
export interface LiveSubscriber {
  viewer: LiveViewer;
  deliver(event: LiveEvent): void;
  /** Everything may have changed (events were lost): the client re-reads all it shows. */
  resync(): void;
  close(): void;
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
  lastId = 0;

  get size(): number {
    return this.subscribers.size;
  }

  /** Adds a stream; the function returned removes it. */
  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publish(event: LiveEvent): void {
    if (event.id > this.lastId) this.lastId = event.id;
    for (const subscriber of this.subscribers)
      if (visibleTo(subscriber.viewer, event)) subscriber.deliver(event);
  }

  resyncAll(): void {
    for (const subscriber of this.subscribers) subscriber.resync();
  }

  closeAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }
}
