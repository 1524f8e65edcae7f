// The security headers of the panel's own servers, built once from the
// configuration: what the page may load (its Content-Security-Policy) and who
// may read the remotes' files (CORS). The API sets its own.
import { REMOTES } from '../../../scripts/lib/apps.mjs';
import { MAP_TILE_URL, PANEL_ORIGINS, PUBLIC_API_URL, WASM_PAGE_PATHS } from '../config';

/** Where the remotes of a panel origin live: its host name on each remote's port (remotes.json says the same). */
function remoteOrigins(): string[] {
  return PANEL_ORIGINS.flatMap((origin) => {
    const { protocol, hostname } = new URL(origin);
    return REMOTES.map((remote) => `${protocol}//${hostname}:${remote.port}`);
  });
}

/** The tile server of a Leaflet URL template; its `{s}` subdomain becomes a wildcard. */
function tileSource(template: string): string[] {
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  return match ? [`${match[1]}${match[2]!.replace('{s}', '*')}`] : [];
}

function pagePolicy({ wasm }: { wasm: boolean }): string {
  const remotes = remoteOrigins();
  const api = PUBLIC_API_URL ? [new URL(PUBLIC_API_URL).origin] : [];
  const directives = {
    'default-src': ["'self'"],
    // WebAssembly (the counter's camera decoder) only where a page needs it.
    'script-src': ["'self'", ...(wasm ? ["'wasm-unsafe-eval'"] : []), ...remotes],
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
const PAGE_HEADERS = { ...COMMON, 'Content-Security-Policy': pagePolicy({ wasm: false }) };

const WASM_PAGE_HEADERS = { ...COMMON, 'Content-Security-Policy': pagePolicy({ wasm: true }) };

/** The headers of the shell's answer at `urlPath`: a wasm page's document may compile WebAssembly. */
export function pageHeadersFor(urlPath: string): Record<string, string> {
  const path = urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath;
  return WASM_PAGE_PATHS.includes(path) ? WASM_PAGE_HEADERS : PAGE_HEADERS;
}

/**
 * A remote's files are scripts and data, never a page; should one be opened
 * on its own (an SVG, say), it may run and load nothing.
 */
export const FILE_HEADERS = {
  ...COMMON,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** CORS for the configured panel origins only: never `*`, never the request's own host. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return origin && PANEL_ORIGINS.includes(origin) ? { 'Access-Control-Allow-Origin': origin } : {};
}
