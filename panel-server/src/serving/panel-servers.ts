// The panel's two kinds of server: the shell (its page, /remotes.json, the
// page views' tickets, and /api and /media forwarded to the API) and a
// remote (/<version>/<file>, each release its own folder).
// serve-app.ts runs them; the static-server test runs them on folders of its
// own.
import { existsSync } from 'node:fs';
import type http from 'node:http';

import { API_PORT, type Remote } from '../../../scripts/lib/apps.mjs';
import {
  CURRENCY,
  MAP_TILE_ATTRIBUTION,
  MAP_TILE_URL,
  PUBLIC_API_URL,
  SUPPORT_CHAT_URL,
} from '../config';
import { isValidVersion, renderRemotesJson, versionDir } from '../releases/releases';
import { FILE_HEADERS, corsHeaders, pageHeadersFor } from './security-headers';
import {
  createStaticServer,
  notFound,
  pathOf,
  proxyTo,
  sendJson,
  sendJsonWithEtag,
  serveFolder,
  type FolderHandler,
} from './static-server';
import { issueViewTicket } from './view-tickets';

/** The host name the browser used, for URLs on the same host; anything odd falls back to localhost. */
function requestHostname(req: http.IncomingMessage): string {
  const hostname = (req.headers.host ?? '').replace(/:\d+$/, '');
  return /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])$/.test(hostname) ? hostname : 'localhost';
}

export function createShellServer({ dist }: { dist: string }): http.Server {
  const serve = serveFolder(dist, { single: true });
  const toApi = proxyTo(API_PORT);
  return createStaticServer({
    headers: (req) => pageHeadersFor(pathOf(req)),
    proxy: { match: (urlPath) => /^\/(?:api|media)\//.test(urlPath), forward: toApi },
    handle: (req, res) => {
      if (pathOf(req) === '/remotes.json') {
        sendJsonWithEtag(req, res, {
          ...renderRemotesJson({
            protocol: 'http:',
            hostname: requestHostname(req),
            apiUrl: PUBLIC_API_URL,
          }),
          mapTileUrl: MAP_TILE_URL,
          mapTileAttribution: MAP_TILE_ATTRIBUTION,
          supportChatUrl: SUPPORT_CHAT_URL,
          currency: CURRENCY,
        });
        return;
      }
      if (pathOf(req) === '/view-ticket') {
        // One per page view: never stored (no-cache, and no ETag to revalidate with).
        const query = new URL(req.url ?? '/', 'http://shell').searchParams;
        const [remote, version] = [query.get('remote') ?? '', query.get('version') ?? ''];
        const ticket = issueViewTicket(remote, version);
        if (ticket) sendJson(res, 200, { ticket });
        else sendJson(res, 404, { error: 'That remote version is not served here' });
        return;
      }
      serve(req, res, () => notFound(res));
    },
  });
}

export function createRemoteServer(remote: Remote): http.Server {
  // One sirv per version folder, made on first use. Only folders that exist
  // are kept, so requests for made-up versions cannot grow the cache.
  const folders = new Map<string, FolderHandler>();
  const folderHandler = (dir: string): FolderHandler | null => {
    if (!folders.has(dir)) {
      if (!existsSync(dir)) return null;
      folders.set(dir, serveFolder(dir, { vary: 'Accept-Encoding, Origin' }));
    }
    return folders.get(dir) ?? null;
  };

  return createStaticServer({
    // Whether CORS is granted depends on the Origin, so caches must key on it.
    headers: (req) => ({ ...FILE_HEADERS, ...corsHeaders(req.headers.origin), Vary: 'Origin' }),
    handle: (req, res) => {
      // The version segment is taken as sent, not decoded: a valid version
      // needs no escaping, so an escaped one is not a version.
      const match = /^\/([^/]+)(\/.*)$/.exec(pathOf(req));
      const version = match?.[1];
      const serve =
        version && isValidVersion(version) && folderHandler(versionDir(remote.pkg, version));
      if (!serve) {
        notFound(res);
        return;
      }
      req.url = (req.url ?? '/').slice(version.length + 1);
      serve(req, res, () => notFound(res));
    },
  });
}
