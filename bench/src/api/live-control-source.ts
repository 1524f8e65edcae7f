import http from 'node:http';

import { LiveHub, type LiveSubscriber } from '../../../api/src/lib/live-hub';
import type { LiveEvent } from '../../../api/src/schemas/live-events';

/**
 * The live-events bench's control (live-events.ts): a process that serves
 * event streams on 127.0.0.1:CONTROL_PORT like the API's /api/v0/events,
 * through the API's own LiveHub (the same batching and framing), and
 * publishes an event whenever its parent says a change was made.
 *
 * The bench's stream client, 2,000 sockets, runs on the machine that runs
 * the API and its load: its reading takes CPU the API's calls then lack.
 * With the client on this source instead of the API, the machine carries
 * the same client and the same fan-out, and only the API is spared: the
 * API's calls measured then are the baseline that leaves the client out.
 */
function main(): void {
  const hub = new LiveHub();
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write('event: ready\ndata: {}\n\n');
    const subscriber: LiveSubscriber = {
      viewer: { shopId: null },
      deliver: (_events, frames) => response.write(frames),
      resync: () => response.write('event: resync\ndata: {}\n\n'),
      close: () => response.end(),
    };
    const unsubscribe = hub.subscribe(subscriber);
    request.on('close', unsubscribe);
  });
  server.listen(Number(process.env.CONTROL_PORT), '127.0.0.1', () =>
    process.send?.({ type: 'listening' }),
  );
  let id = 0;
  process.on('message', (message: { type: string; target: number }) => {
    if (message.type !== 'change') return;
    id += 1;
    const event: LiveEvent = {
      id,
      action: 'request.create',
      kind: 'request',
      target: message.target,
      shop: 1,
    };
    hub.publish(event);
  });
}

main();
