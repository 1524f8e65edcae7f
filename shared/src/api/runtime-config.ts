import { withoutTrailingSlashes } from '../config/routes';

/**
 * The API base URL is known only at run time (the shell reads it from
 * /remotes.json), so it is set once before the first call instead of being
 * compiled in. Empty means same origin: the shell's server proxies /api and
 * /media to the API.
 */
let apiBaseUrl = '';

export function setApiBaseUrl(url: string): void {
  apiBaseUrl = withoutTrailingSlashes(url);
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

/** Where map tiles come from: deployment configuration (MAP_TILE_URL), carried in /remotes.json. */
export interface MapTiles {
  url: string;
  attribution: string;
}

const DEFAULT_MAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; OpenStreetMap contributors',
};

let mapTiles: MapTiles = DEFAULT_MAP_TILES;

export function setMapTiles(tiles: Partial<MapTiles>): void {
  mapTiles = {
    url: tiles.url || DEFAULT_MAP_TILES.url,
    attribution: tiles.attribution ?? DEFAULT_MAP_TILES.attribution,
  };
}

export function getMapTiles(): MapTiles {
  return mapTiles;
}

/**
 * Where the Support page's Start Chat link goes (SUPPORT_CHAT_URL): a chat
 * app, or by default a mailto: link to the provider's SUPPORT_EMAIL, which
 * the shell's server always sends. Any other scheme (javascript:, data:) is
 * refused, so a bad setting cannot run script from the link.
 */
let supportChatUrl: string | null = null;

export function setSupportChatUrl(url: string | undefined): void {
  supportChatUrl = url && /^(?:https?:\/\/|mailto:)/i.test(url) ? url : null;
}

export function getSupportChatUrl(): string | null {
  return supportChatUrl;
}

/** The currency of guarantee amounts (CURRENCY, an ISO 4217 code; EUR by default). */
let currency = 'EUR';

export function setCurrency(code: string | undefined): void {
  currency = code && /^[A-Z]{3}$/.test(code) ? code : 'EUR';
}

export function getCurrency(): string {
  return currency;
}
