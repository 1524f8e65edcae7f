import http from 'node:http';

/**
 * The streams of the live-events bench (live-events.ts), in a process of
 * their own: STREAMS_COUNT super-admin streams on 127.0.0.1:STREAMS_PORT.
 * Says `ready` (with how long they took to open) once every stream is live,
 * and on `report` answers when each change event arrived at each stream, by
 * the event's target (the request's id), in milliseconds since the epoch.
 */

/**
 * Open streams, each on a socket of its own, recording when each request's
 * `change` event arrives (by the request's id, the event's target).
 */
class Streams {
  readonly arrivals = new Map<number, number[]>();
  private readonly requests: http.ClientRequest[] = [];

  async open(port: number, token: string, count: number): Promise<void> {
    const opened: Array<Promise<void>> = [];
    for (let i = 0; i < count; i++) {
      opened.push(
        new Promise<void>((resolve, reject) => {
          const request = http.get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/v0/events',
              agent: false,
              headers: { accept: 'text/event-stream', authorization: `JWT ${token}` },
            },
            (response) => {
              if (response.statusCode !== 200) {
                reject(new Error(`stream ${i}: ${response.statusCode}`));
                return;
              }
              let text = '';
              response.on('data', (chunk: Buffer) => {
                const now = performance.timeOrigin + performance.now();
                text += chunk.toString('utf8');
                let end: number;
                while ((end = text.indexOf('\n\n')) !== -1) {
                  const frame = text.slice(0, end);
                  text = text.slice(end + 2);
                  if (frame.includes('event: ready')) resolve();
                  const target = /event: change\ndata: .*"target":(\d+)/.exec(frame)?.[1];
                  if (target === undefined) continue;
                  const list = this.arrivals.get(Number(target)) ?? [];
                  list.push(now);
                  this.arrivals.set(Number(target), list);
                }
              });
            },
          );
          request.on('error', reject);
          this.requests.push(request);
        }),
      );
      // A few hundred at a time: a burst of 2,000 connects overflows the listen backlog.
      if (opened.length % 200 === 0) await Promise.all(opened.slice(-200));
    }
    await Promise.all(opened);
  }

  close(): void {
    for (const request of this.requests) request.destroy();
  }
}

async function main(): Promise<void> {
  const streams = new Streams();
  const started = performance.now();
  await streams.open(
    Number(process.env.STREAMS_PORT),
    String(process.env.STREAMS_TOKEN),
    Number(process.env.STREAMS_COUNT),
  );
  process.send?.({ type: 'ready', connectMs: performance.now() - started });
  process.on('message', (message) => {
    if (message !== 'report') return;
    process.send?.({ type: 'arrivals', arrivals: [...streams.arrivals] }, () => {
      streams.close();
      process.exit(0);
    });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
