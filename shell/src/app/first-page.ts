import { setApiBaseUrl, setCurrency, setMapTiles, setSupportChatUrl } from '@panel/shared';

import { fetchRemotesManifest } from '../features/remotes/remote-manifest';
import { setRemotesManifest } from '../features/remotes/remote-registry';
import { preloadPageFor } from './preload-pages';

/** Past this, the shell renders and the page shows its loading state until it arrives. */
const FIRST_PAGE_WAIT_MS = 1000;

export type FirstPage = { ok: true } | { ok: false; error: unknown };

/**
 * Reads /remotes.json and starts loading the page the shell opens on, before
 * the app's own code is loaded (index.ts calls it from the entry: the shared
 * packages are in the entry, so this needs no async boundary). Resolves when
 * the page has loaded, or after FIRST_PAGE_WAIT_MS, so the first render finds
 * it loaded and shows no loading fallback; or with the error that stops the
 * panel from starting.
 */
export async function startFirstPage(): Promise<FirstPage> {
  let firstPage: Promise<unknown> | undefined;
  try {
    const manifest = await fetchRemotesManifest();
    setApiBaseUrl(manifest.apiUrl ?? '');
    setMapTiles({ url: manifest.mapTileUrl, attribution: manifest.mapTileAttribution });
    setSupportChatUrl(manifest.supportChatUrl);
    setCurrency(manifest.currency);
    setRemotesManifest(manifest);
    firstPage = preloadPageFor(window.location.pathname);
  } catch (error) {
    return { ok: false, error };
  }
  if (firstPage) {
    await Promise.race([
      firstPage.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
    ]);
  }
  return { ok: true };
}
