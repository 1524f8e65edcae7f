// The panel's static server with the time-outs given as JSON in argv[2]
// (or its defaults), on a free port it prints with the limits it runs with.
import type { AddressInfo } from 'node:net';

import { createStaticServer, type ServerTimeouts } from '../static-server';

const timeouts = process.argv[2] ? (JSON.parse(process.argv[2]) as ServerTimeouts) : undefined;
const server = createStaticServer({
  headers: () => ({}),
  handle: (_req, res) => res.end('ok'),
  ...(timeouts ? { timeouts } : {}),
});
server.listen(0, '127.0.0.1', () => {
  const { requestTimeout, headersTimeout, keepAliveTimeout, timeout } = server;
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ port, requestTimeout, headersTimeout, keepAliveTimeout, timeout }));
});
