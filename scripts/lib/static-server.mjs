// A small static file server with the cache rules of ARCHITECTURE.md:
// manifests, remote entries, remotes.json and HTML are never cached; files
// whose name carries a content hash are immutable.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath) {
  return HASHED.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function fileIn(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const resolved = path.resolve(root, `.${decoded}`);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) return null;
  try {
    return statSync(resolved).isFile() ? resolved : null;
  } catch {
    return null;
  }
}

export function sendFile(req, res, filePath, extraHeaders = {}) {
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(filePath)] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(filePath),
    'Access-Control-Allow-Origin': '*',
    ...extraHeaders,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(filePath).pipe(res);
}

export function sendJson(res, status, body) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': '*',
  });
  res.end(JSON.stringify(body));
}

/**
 * Serves files under the folder `resolveRoot(urlPath)` returns (it may change
 * between requests, for releases). `fallback` answers what is not a file.
 */
export function createStaticServer({ resolveRoot, fallback, routes = {} }) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      res.end();
      return;
    }
    const route = Object.entries(routes).find(([prefix]) => url.pathname.startsWith(prefix));
    if (route) {
      route[1](req, res, url);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, 405, { error: 'Method not allowed' });
      return;
    }
    const target = resolveRoot(url.pathname);
    const filePath = target && fileIn(target.root, target.path);
    if (filePath) sendFile(req, res, filePath);
    else if (fallback) fallback(req, res, url);
    else sendJson(res, 404, { error: `Not found: ${url.pathname}` });
  });
}

/** Forwards /api and /media to the API so the panel calls it same-origin. */
export function proxyTo(port) {
  return (req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => sendJson(res, 502, { error: 'The API server is not reachable' }));
    req.pipe(upstream);
  };
}
