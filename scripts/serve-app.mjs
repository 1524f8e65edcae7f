// Serves one built app on its port, as a deployment would: `node
// scripts/serve-app.mjs shell` or `... mfe-qr`. Each app runs in its own
// process so one remote can be stopped while the rest keep going.
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { API_PORT, DIST, PANEL_PORT, ROOT, RUN_DIR, findRemote } from './lib/apps.mjs';
import { renderRemotesJson, versionDir } from './lib/releases.mjs';
import { createStaticServer, proxyTo, sendFile, sendJson } from './lib/static-server.mjs';

const app = process.argv[2];
if (!app) {
  console.error('usage: node scripts/serve-app.mjs <shell|mfe-...>');
  process.exit(2);
}

function shellServer() {
  const dist = path.join(ROOT, 'shell', DIST);
  const toApi = proxyTo(API_PORT);
  return {
    port: PANEL_PORT,
    server: createStaticServer({
      resolveRoot: (urlPath) => ({ root: dist, path: urlPath }),
      // Client-side routes (/home, /auth/login/...) get the app's page; a
      // missing file (a path with an extension) is a plain 404.
      fallback: (req, res, url) =>
        path.extname(url.pathname)
          ? sendJson(res, 404, { error: `Not found: ${url.pathname}` })
          : sendFile(req, res, path.join(dist, 'index.html')),
      routes: {
        '/remotes.json': (req, res) => {
          const hostname = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
          sendJson(res, 200, {
            ...renderRemotesJson({
              protocol: 'http:',
              hostname,
              apiUrl: process.env.PUBLIC_API_URL ?? '',
            }),
            // Run-time settings of this deployment, read by the shell at start.
            supportChatUrl: process.env.SUPPORT_CHAT_URL || undefined,
            currency: process.env.CURRENCY ?? 'EUR',
          });
        },
        '/api/': toApi,
        '/media/': toApi,
      },
    }),
  };
}

function remoteServer(pkg) {
  const remote = findRemote(pkg);
  return {
    port: remote.port,
    server: createStaticServer({
      // URLs are /<version>/<file>: each release is its own folder.
      resolveRoot: (urlPath) => {
        const match = /^\/([^/]+)(\/.*)$/.exec(urlPath);
        if (!match) return null;
        return { root: versionDir(remote.pkg, decodeURIComponent(match[1])), path: match[2] };
      },
    }),
  };
}

const { port, server } = app === 'shell' ? shellServer() : remoteServer(app);
const pidFile = path.join(RUN_DIR, `${app}.pid`);

server.listen(port, () => {
  mkdirSync(RUN_DIR, { recursive: true });
  writeFileSync(pidFile, String(process.pid));
  console.log(`[${app}] http://localhost:${port}`);
});
server.on('error', (error) => {
  console.error(`[${app}] cannot listen on ${port}: ${error.message}`);
  process.exit(1);
});

function stop() {
  rmSync(pidFile, { force: true });
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
