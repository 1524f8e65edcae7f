import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Role } from '@panel/shared';
import type { AppStore, api } from '@panel/shared/data';

import { App } from './app/app';
import type { FirstPage } from './app/first-page';

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

/** Draws the panel once its first page is loaded (or waited for), or why it could not start. */
export async function render(firstPage: Promise<FirstPage>): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const started = await firstPage;
  if (!started.ok) {
    const { error } = started;
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
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
