// The floor of a cold login page (issue 14): React and React DOM alone, built
// for production as the panel's apps are (minified, brotli and Zopfli files
// written beside them) and served by the panel's own static server, drawing
// a form. Timed in the same run as the panel, it shows how much of the login
// page's time this machine spends before any code of ours: here a browser
// run costs two to three times what it did on another machine.
import type { Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { rspack } from '@rspack/core';

import {
  createStaticServer,
  notFound,
  serveFolder,
} from '../../../panel-server/src/serving/static-server';
import { ROOT } from '../../../scripts/lib/apps.mjs';

// The build's precompression step, shared with the apps' builds (CommonJS, untyped).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precompressFolder } = require('../../../shared/build/precompress-plugin.cjs') as {
  precompressFolder: (dir: string) => Promise<void>;
};

/** What the floor page shows; a benchmark waits for it as for the login form. */
export const FLOOR_FORM = 'form button[type="submit"]';

const ENTRY = `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  h('form', null, h('input', { name: 'email' }), h('input', { name: 'password', type: 'password' }), h('button', { type: 'submit' }, 'Log in')),
);
`;

function build(dir: string, dist: string): Promise<string> {
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    devtool: false,
    output: { path: dist, filename: 'floor.[contenthash:10].js', clean: true },
    resolve: { modules: [path.join(ROOT, 'node_modules')] },
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats || stats.hasErrors()) {
        reject(error ?? new Error(stats?.toString({ all: false, errors: true })));
        return;
      }
      const script = Object.keys(stats.compilation.assets).find((name) => name.endsWith('.js'));
      if (script) resolve(script);
      else reject(new Error('The floor page built no script'));
    });
  });
}

/** Builds the floor page into a temporary folder, serves it on `port` and hands its URL to `body`. */
export async function withFloorPage<T>(
  port: number,
  body: (url: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-floor-'));
  let server: Server | null = null;
  try {
    writeFileSync(path.join(dir, 'entry.js'), ENTRY);
    const dist = path.join(dir, 'dist');
    const script = await build(dir, dist);
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title><script defer src="/${script}"></script></head><body><div id="root"></div></body></html>\n`,
    );
    await precompressFolder(dist);
    const serve = serveFolder(dist, { single: true });
    server = createStaticServer({
      headers: () => ({}),
      handle: (req, res) => serve(req, res, () => notFound(res)),
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', resolve);
    });
    return await body(`http://localhost:${port}/`);
  } finally {
    const running = server as Server | null;
    await new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
}
