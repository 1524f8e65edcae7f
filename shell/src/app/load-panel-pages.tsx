import { lazy, Suspense, useState, type ComponentType } from 'react';

type PanelPages = typeof import('./panel-pages');

let loading: Promise<PanelPages> | undefined;
let loaded: PanelPages | undefined;

/** Fetches the logged-in layout's chunk once; a failed fetch is tried again next time. */
export function loadPanelPages(): Promise<PanelPages> {
  loading ??= import(/* webpackChunkName: "lazy-layout" */ './panel-pages').then(
    (pages) => (loaded = pages),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * One of the layout chunk's components. Once the chunk has arrived (it is
 * fetched at login, or before the first render with a session) it is drawn
 * as it is: React.lazy would suspend once even then, and React holds a
 * Suspense fallback at least ~300 ms, which the move to /home after login
 * waited on. Chosen at mount, so the tree does not change under it later.
 */
function fromPanelPages(pick: (pages: PanelPages) => ComponentType): ComponentType {
  const Lazy = lazy(() => loadPanelPages().then((pages) => ({ default: pick(pages) })));
  return function PanelPagesComponent() {
    const [Loaded] = useState(() => (loaded ? pick(loaded) : undefined));
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  };
}

export const PanelLayoutRoute = fromPanelPages((pages) => pages.PanelLayout);

export const SupportPageRoute = fromPanelPages((pages) => pages.SupportPage);
