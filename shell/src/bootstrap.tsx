import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  setApiBaseUrl,
  setCurrency,
  setMapTiles,
  setSupportChatUrl,
  type Role,
} from '@panel/shared';
import type { AppStore, api } from '@panel/shared/data';

import { App } from './app/app';
import { preloadPageFor } from './app/preload-pages';
import { fetchRemotesManifest } from './features/remotes/remote-manifest';
import { setRemotesManifest } from './features/remotes/remote-registry';

declare global {
  interface Window {
    /**
     * Read by the browser tests: one store and one API slice in the page
     * (once the data layer has loaded), and the role whose pages the idle
     * warm-up has finished loading.
     */
    __PANEL__?: { store?: AppStore; api?: typeof api; warmedFor?: Role };
  }
}

/** Past this, the shell renders and the page shows its loading state until it arrives. */
const FIRST_PAGE_WAIT_MS = 1000;

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const manifest = await fetchRemotesManifest();
    setApiBaseUrl(manifest.apiUrl ?? '');
    setMapTiles({ url: manifest.mapTileUrl, attribution: manifest.mapTileAttribution });
    setSupportChatUrl(manifest.supportChatUrl);
    setCurrency(manifest.currency);
    setRemotesManifest(manifest);
  } catch (error) {
    root.render(
      <div role="alert" style={{ padding: 32 }}>
        <h1>The panel could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>,
    );
    return;
  }
  // The page's remote starts loading now, not when React first renders it;
  // the first render waits for it a little, so it shows no loading fallback.
  const firstPage = preloadPageFor(window.location.pathname);
  if (firstPage) {
    await Promise.race([
      firstPage.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
    ]);
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
