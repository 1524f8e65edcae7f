import { useEffect } from 'react';
import {
  getSession,
  useSession,
  withoutTrailingSlashes,
  type Role,
  type Viewer,
} from '@panel/shared';

import { preloadRemotePage } from '../features/remotes/remote-registry';
import { loadPanelPages } from './load-panel-pages';
import { AUTH_ROUTES, PANEL_ROUTES, type RemoteRoute } from './route-table';
import { loadStore } from './store-loader';

const normalize = (pathname: string) => withoutTrailingSlashes(pathname) || '/';
const LOGIN = AUTH_ROUTES.find((route) => route.exposed === './LoginPage');

function start(route: RemoteRoute, viewer: Viewer): Promise<unknown> {
  return preloadRemotePage(route.remote, route.exposed, viewer);
}

/**
 * Starts loading the page the shell opens on, before React renders: the
 * remote's manifest, entry and page chunks are fetched while the shell
 * renders, so its first render finds the page loaded (no Suspense fallback).
 * Only a page the session's role may open; a guest outside /auth/ is sent
 * to the login page, so that one.
 */
export function preloadPageFor(pathname: string): Promise<unknown> | undefined {
  const path = normalize(pathname);
  const auth = AUTH_ROUTES.find((route) => route.path === path);
  if (auth) return Promise.all([start(auth, 'guest'), auth.needsStore ? loadStore() : undefined]);
  const role = getSession().role;
  if (role === null) return LOGIN ? start(LOGIN, 'guest') : undefined;
  const page = PANEL_ROUTES.find((route) => route.path === path && route.roles.includes(role));
  // Outside /auth/ every page is drawn inside the panel's layout, with the store.
  return Promise.all([loadPanelPages(), loadStore(), page ? start(page, role) : undefined]);
}

const whenIdle = (run: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: 2000 });
  } else {
    setTimeout(run, 200);
  }
};

/**
 * When the browser is idle, loads one after another the pages this role may
 * open (its home page first), so the next click finds them loaded; never a
 * remote the role may not use.
 */
function warmPagesOf(role: Role): () => void {
  const queue = PANEL_ROUTES.filter((route) => route.roles.includes(role));
  let stopped = false;
  const next = () => {
    const route = queue.shift();
    if (stopped) return;
    if (!route) {
      window.__PANEL__ = { ...window.__PANEL__, warmedFor: role };
      return;
    }
    whenIdle(() => {
      if (stopped) return;
      start(route, role).then(next, next);
    });
  };
  next();
  return () => {
    stopped = true;
  };
}

/**
 * Warms the data layer once the first page is drawn (the login page is drawn
 * without it), and the layout and the pages of the logged-in role from login
 * (or start) on; stops at logout.
 */
export function WarmRemotePages() {
  const role = useSession().role;
  useEffect(() => {
    whenIdle(() => {
      loadStore().catch(() => undefined);
    });
  }, []);
  useEffect(() => {
    if (role === null) return undefined;
    // At once, not at idle: the login page moves to /home within a second.
    loadPanelPages().catch(() => undefined);
    loadStore().catch(() => undefined);
    return warmPagesOf(role);
  }, [role]);
  return null;
}
