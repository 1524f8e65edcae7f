import { PATHS, type Role, type Viewer } from '@panel/shared';

import apps from '../../../apps.json';

/**
 * Which remote page serves each path and which roles may open it, read from
 * the one apps manifest (apps.json) that also gives the build its exposes
 * and the servers their ports. A role outside a page's list gets the 404
 * page (spec section 6) and never downloads the remote.
 */
export interface RemoteRoute {
  path: string;
  remote: string;
  exposed: string;
  roles: readonly Role[];
  /**
   * Drawn inside the store's Provider, so the data layer is loaded first.
   * Every page but the login page (apps.json `withoutStore`), which loads no
   * Redux Toolkit before its first submit.
   */
  needsStore: boolean;
  /**
   * The page compiles WebAssembly (the counter's camera decoder): the shell's
   * server allows 'wasm-unsafe-eval' only on documents loaded at such a path
   * (apps.json `wasm`), so the shell loads the document afresh to open it.
   */
  needsWasm: boolean;
}

type PathKey = keyof typeof PATHS;

function isPathKey(key: string): key is PathKey {
  return key in PATHS;
}

function isViewer(role: string): role is Viewer {
  return role === 'guest' || role === 'shop' || role === 'provider';
}

const ALL_PAGES = apps.remotes.flatMap((remote) =>
  remote.pages.map((page) => {
    if (!isPathKey(page.path)) throw new Error(`apps.json: unknown path "${page.path}"`);
    const viewers = page.roles.filter(isViewer);
    return {
      path: PATHS[page.path],
      remote: remote.name,
      exposed: page.expose,
      viewers,
      roles: viewers.filter((viewer): viewer is Role => viewer !== 'guest'),
      needsStore: !('withoutStore' in page && page.withoutStore),
      needsWasm: 'wasm' in page && page.wasm === true,
    };
  }),
);

const toRoute = ({
  path,
  remote,
  exposed,
  roles,
  needsStore,
  needsWasm,
}: RemoteRoute): RemoteRoute => ({ path, remote, exposed, roles, needsStore, needsWasm });

/** Pages a guest may open are the /auth/ pages: drawn full screen, outside the panel layout. */
export const AUTH_ROUTES: readonly RemoteRoute[] = ALL_PAGES.filter((page) =>
  page.viewers.includes('guest'),
).map(toRoute);

export const PANEL_ROUTES: readonly RemoteRoute[] = ALL_PAGES.filter(
  (page) => !page.viewers.includes('guest'),
).map(toRoute);
