// The security headers of the panel's own servers, built once from the
// configuration: what the page may load (its Content-Security-Policy) and who
// may read the remotes' files (CORS). The API sets its own.
import { MAP_TILE_URL, PANEL_ORIGINS, PUBLIC_API_URL, REMOTES } from './apps.mjs';

/** Where the remotes of a panel origin live: its host name on each remote's port (remotes.json says the same). */
function remoteOrigins() {
  return PANEL_ORIGINS.flatMap((origin) => {
    const { protocol, hostname } = new URL(origin);
    return REMOTES.map((remote) => `${protocol}//${hostname}:${remote.port}`);
  });
}

/** The tile server of a Leaflet URL template; its `{s}` subdomain becomes a wildcard. */
function tileSource(template) {
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  return match ? [`${match[1]}${match[2].replace('{s}', '*')}`] : [];
}

function pagePolicy() {
  const remotes = remoteOrigins();
  const api = PUBLIC_API_URL ? [new URL(PUBLIC_API_URL).origin] : [];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    // Each app's CSS files (a remote's from its own origin); react-toastify
    // and the watch builds' style-loader put CSS into <style> elements.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // Shop logos come from the API; QR codes and previews are data: and blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...api, ...tileSource(MAP_TILE_URL)],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes, ...api],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

const COMMON = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** The shell's answers: its page is the document every policy applies to. */
export const PAGE_HEADERS = { ...COMMON, 'Content-Security-Policy': pagePolicy() };

/**
 * A remote's files are scripts and data, never a page; should one be opened
 * on its own (an SVG, say), it may run and load nothing.
 */
export const FILE_HEADERS = {
  ...COMMON,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** CORS for the configured panel origins only: never `*`, never the request's own host. */
export function corsHeaders(origin) {
  return origin && PANEL_ORIGINS.includes(origin) ? { 'Access-Control-Allow-Origin': origin } : {};
}
