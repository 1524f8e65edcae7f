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
