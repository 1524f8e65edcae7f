// The panel's static server with the time-outs given as JSON in argv[2]
// (or its defaults), on a free port it prints with the limits it runs with.
import { createStaticServer } from '../lib/static-server.mjs';

const timeouts = process.argv[2] ? JSON.parse(process.argv[2]) : undefined;
const server = createStaticServer({
  headers: () => ({}),
  handle: (req, res) => res.end('ok'),
  ...(timeouts ? { timeouts } : {}),
});
server.listen(0, '127.0.0.1', () => {
  const { requestTimeout, headersTimeout, keepAliveTimeout, timeout } = server;
  const { port } = server.address();
  console.log(JSON.stringify({ port, requestTimeout, headersTimeout, keepAliveTimeout, timeout }));
});
