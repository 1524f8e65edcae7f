/**
 * The API base URL is known only at run time (the shell reads it from
 * /remotes.json), so it is set once before the first call instead of being
 * compiled in. Empty means same origin: the shell's server proxies /api and
 * /media to the API.
 */
let apiBaseUrl = '';

export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}

/** Absolute URL of an uploaded file (a shop logo is a path under /media/). */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${apiBaseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Settings of the deployment the browser learns from /remotes.json, for the remotes to read. */
export interface RuntimeConfig {
  /** Leaflet URL template of the map tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: string;
  /** The attribution (HTML) the tile provider asks maps to show. */
  mapTileAttribution: string;
}

let runtimeConfig: RuntimeConfig = { mapTileUrl: '', mapTileAttribution: '' };

export function setRuntimeConfig(config: RuntimeConfig): void {
  runtimeConfig = { ...config };
}

export function getRuntimeConfig(): RuntimeConfig {
  return runtimeConfig;
}
