import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  api,
  makeStore,
  setApiBaseUrl,
  setCurrency,
  setMapTiles,
  setSupportChatUrl,
} from '@panel/shared';

import { App } from './app/app';
import { fetchRemotesManifest } from './features/remotes/remote-manifest';
import { setRemotesManifest } from './features/remotes/remote-registry';

declare global {
  interface Window {
    /** Read by the browser tests to prove there is one store and one API slice in the page. */
    __PANEL__?: { store: ReturnType<typeof makeStore>; api: typeof api };
  }
}

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
  const store = makeStore();
  window.__PANEL__ = { store, api };
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
