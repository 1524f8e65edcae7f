// What only the panel's own servers read from the environment; the apps,
// ports and folders the start and bench scripts share are in
// scripts/lib/apps.mjs.
import { PANEL_PORT, readApps } from '../../scripts/lib/apps.mjs';

/**
 * The origins the panel is opened at. Remotes answer CORS only for these, and
 * the page's Content-Security-Policy allows the remotes of these hosts.
 */
export const PANEL_ORIGINS = (
  process.env.PANEL_ORIGINS || `http://localhost:${PANEL_PORT},http://127.0.0.1:${PANEL_PORT}`
)
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean)
  .map((origin) => new URL(origin).origin);

/** API base URL the browser calls; empty means same origin, through the shell's proxy. */
export const PUBLIC_API_URL = process.env.PUBLIC_API_URL ?? '';

/** Map tiles for the shops remote's maps, handed to the browser in /remotes.json. */
export const MAP_TILE_URL =
  process.env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_TILE_ATTRIBUTION =
  process.env.MAP_TILE_ATTRIBUTION || '&copy; OpenStreetMap contributors';

/** The provider's support address: the Support page's link writes to it when no chat app is set. */
export const SUPPORT_EMAIL = process.env.SUPPORT_EMAIL || 'support@example.com';
/** The Support page's Start Chat link: a chat app (http or https), or else an e-mail to SUPPORT_EMAIL. */
export const SUPPORT_CHAT_URL = process.env.SUPPORT_CHAT_URL || `mailto:${SUPPORT_EMAIL}`;
/** ISO 4217 code of the amounts the panel shows. */
export const CURRENCY = process.env.CURRENCY || 'EUR';

/**
 * The addresses of the pages that compile WebAssembly (apps.json `wasm`):
 * only documents loaded there may. The page's key is its path in kebab case
 * (`takeBack` is /take-back); a shell test holds this to PATHS.
 */
export const WASM_PAGE_PATHS = readApps().remotes.flatMap((remote) =>
  remote.pages
    .filter((page) => page.wasm === true)
    .map((page) => `/${page.path.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`),
);
