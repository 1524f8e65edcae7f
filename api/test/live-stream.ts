import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';

/** One server-sent event as a client parses it. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/**
 * A client of GET /api/v0/events over app.inject (the answer as a stream):
 * it parses the events as they come and hands them out in order.
 */
export class LiveStream {
  readonly events: StreamEvent[] = [];
  private text = '';
  private waiters: Array<() => void> = [];

  constructor(
    readonly status: number,
    private readonly stream: Readable,
  ) {
    stream.on('data', (chunk: Buffer) => {
      this.text += chunk.toString('utf8');
      let end: number;
      while ((end = this.text.indexOf('\n\n')) !== -1) {
        const frame = this.text.slice(0, end);
        this.text = this.text.slice(end + 2);
        const event = parseFrame(frame);
        if (event) this.events.push(event);
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** The first event from `from` on that `matches`, within `timeoutMs`; its index is `from` for the next call. */
  async next(
    matches: (event: StreamEvent) => boolean,
    { from = 0, timeoutMs = 5_000 } = {},
  ): Promise<{ event: StreamEvent; index: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((e, i) => i >= from && matches(e));
      if (index !== -1) return { event: this.events[index] as StreamEvent, index: index + 1 };
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  onEnd(callback: () => void): void {
    this.stream.on('end', callback);
    this.stream.on('close', callback);
  }

  close(): void {
    this.stream.destroy();
  }
}

function parseFrame(frame: string): StreamEvent | null {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  return { id, event, data: JSON.parse(data.join('\n')) as unknown };
}

/** Opens the caller's stream on one app instance (a token, and the last id seen if any). */
export async function openLiveStream(
  app: FastifyInstance,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<LiveStream> {
  const res = await app.inject({
    url: '/api/v0/events',
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...headers,
    },
    payloadAsStream: true,
  });
  return new LiveStream(res.statusCode, res.stream());
}
