// Static files for the panel's servers, served by sirv: it never leaves the
// served folder, answers revalidations with 304 (ETag), and sends the .br or
// .gz file the build wrote when the browser accepts it. On top of it, the
// cache rules of ARCHITECTURE.md: manifests, remote entries, remotes.json and
// HTML are revalidated on every use; files whose name carries a content hash
// are immutable.
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';

import sirv from 'sirv';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Serves a file, or calls `onMissing` when the folder has none for the request. */
export type FolderHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  onMissing: () => void,
) => void;

/** The limits of a server's sockets (SERVER_TIMEOUTS explains each). */
export interface ServerTimeouts {
  requestMs: number;
  headersMs: number;
  idleMs: number;
  keepAliveMs: number;
  connectionsCheckingIntervalMs: number;
}

const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(urlPath: string): string {
  return HASHED.test(path.posix.basename(urlPath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * A handler for the files under `dir`. sirv's `dev` mode looks each file up
 * when asked instead of listing the folder once, so a rebuilt dist/ (`npm run
 * build -w`, `npm run dev`) is served without a restart and a file deleted
 * since is a 404, not a failed read. `single` answers other paths with
 * index.html (client-side routes), except those whose last segment has a dot
 * (even escaped): they name a file, and a missing file is a 404.
 */
export function serveFolder(
  dir: string,
  { single = false, vary = 'Accept-Encoding' }: { single?: boolean; vary?: string } = {},
): FolderHandler {
  const serve = sirv(dir, {
    dev: true,
    etag: true,
    brotli: true,
    gzip: true,
    single,
    ignores: ['\\.[^/]*$'],
    // sirv sets `Vary: Accept-Encoding` itself, replacing any Vary set before.
    setHeaders: (res) => res.setHeader('Vary', vary),
  });
  return (req, res, onMissing) => {
    // Set before sirv answers, so 304s carry it too (sirv keeps headers already set).
    res.setHeader('Cache-Control', cacheControlFor(pathOf(req)));
    serve(req, res, () => {
      res.removeHeader('Cache-Control');
      onMissing();
    });
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
  });
  res.end(JSON.stringify(body));
}

/** A generated document, with an ETag so a revalidation costs a 304. */
export function sendJsonWithEtag(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
): void {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { 'Cache-Control': 'no-cache' });
    res.end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
  });
  res.end(text);
}

export const notFound = (res: http.ServerResponse) => sendJson(res, 404, { error: 'Not found' });

/** The path of a request as sent, not normalised (`new URL` would read `//x` as a host). */
export function pathOf(req: http.IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * How long a client may take, so a stalled one cannot hold a socket for ever:
 * the whole request within 60 s (an upload passing through the proxy), its
 * headers within 15 s, and no byte for 30 s closes the socket. Node checks
 * the first two every `connectionsCheckingIntervalMs`.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 60_000,
  headersMs: 15_000,
  idleMs: 30_000,
  keepAliveMs: 5_000,
  connectionsCheckingIntervalMs: 5_000,
};

/**
 * A server that answers GET and HEAD through `handle`, with `headers(req)` on
 * every answer; only files are served, so other methods are refused here.
 * Paths `proxy` matches go to `proxy.forward` whatever their method, and keep
 * the upstream's own headers.
 */
export function createStaticServer({
  headers,
  handle,
  proxy,
  timeouts = SERVER_TIMEOUTS,
}: {
  headers: (req: http.IncomingMessage) => Record<string, string>;
  handle: Handler;
  proxy?: { match: (urlPath: string) => boolean; forward: Handler };
  timeouts?: ServerTimeouts;
}): http.Server {
  const options = {
    requestTimeout: timeouts.requestMs,
    headersTimeout: timeouts.headersMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.connectionsCheckingIntervalMs,
  };
  const server = http.createServer(options, (req, res) => {
    if (proxy?.match(pathOf(req))) {
      proxy.forward(req, res);
      return;
    }
    for (const [name, value] of Object.entries(headers(req))) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD' });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'Method not allowed' });
      return;
    }
    handle(req, res);
  });
  server.setTimeout(timeouts.idleMs, (socket) => socket.destroy());
  return server;
}

/**
 * Forwards /api and /media to the API so the panel calls it same-origin. The
 * client's address travels in X-Forwarded-For (replacing any the client sent),
 * so the API can tell clients apart behind this proxy.
 */
export function proxyTo(port: number): Handler {
  return (req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        path: req.url,
        method: req.method,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      // Nothing about the upstream (address, error) reaches the browser.
      if (res.headersSent) res.destroy();
      else sendJson(res, 502, { error: 'The API server is not reachable' });
    });
    req.pipe(upstream);
  };
}
