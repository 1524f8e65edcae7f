import { lazy } from 'react';

type PanelPages = typeof import('./panel-pages');

let loading: Promise<PanelPages> | undefined;

/** Fetches the logged-in layout's chunk once; a failed fetch is tried again next time. */
export function loadPanelPages(): Promise<PanelPages> {
  loading ??= import(/* webpackChunkName: "lazy-layout" */ './panel-pages').catch(
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const LazyPanelLayout = lazy(() =>
  loadPanelPages().then((pages) => ({ default: pages.PanelLayout })),
);

export const LazySupportPage = lazy(() =>
  loadPanelPages().then((pages) => ({ default: pages.SupportPage })),
);
