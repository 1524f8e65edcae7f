import { useEffect } from 'react';
import { Spinner } from '@panel/shared';

import { PANEL_ROUTES } from './route-table';

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/**
 * Whether this document was loaded at a page that compiles WebAssembly: only
 * those documents carry 'wasm-unsafe-eval' in their Content-Security-Policy
 * (a policy is fixed when the document loads). Read once, at start.
 */
export const documentAllowsWasm = PANEL_ROUTES.some(
  (route) => route.needsWasm && withoutSlash(window.location.pathname) === route.path,
);

/**
 * Reached by a move inside the app to a wasm page: the address is already
 * the page's, so loading it again gets the document its policy allows.
 */
export function DocumentReload() {
  useEffect(() => window.location.reload(), []);
  return <Spinner />;
}
