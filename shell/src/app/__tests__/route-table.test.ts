import { PATHS } from '@panel/shared';

import { PANEL_ROUTES } from '../route-table';

// The shell's server allows WebAssembly on the documents of /lend and
// /take-back, reading apps.json (panel-server/src/config.ts, tested in
// static-server.test.ts); these are the routes that reload to get it.
describe('the route table', () => {
  it('marks exactly the counter pages as needing WebAssembly', () => {
    const wasmPaths = PANEL_ROUTES.filter((route) => route.needsWasm).map((route) => route.path);
    expect(wasmPaths).toEqual([PATHS.lend, PATHS.takeBack]);
  });

  it('gives the counter pages to shop users only', () => {
    for (const route of PANEL_ROUTES.filter((r) => r.needsWasm)) {
      expect(route.roles).toEqual(['shop']);
    }
  });
});
