// Serves one built app on its port, as a deployment would: `node --import
// tsx panel-server/src/serve-app.ts shell` or `... mfe-qr`. Each app runs in
// its own process so one remote can be stopped while the rest keep going.
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { DIST, HOST, PANEL_PORT, ROOT, RUN_DIR, findRemote } from '../../scripts/lib/apps.mjs';
import { startReleaseController } from './releases/release-controller-loop';
import { createRemoteServer, createShellServer } from './serving/panel-servers';

const app = process.argv[2];
if (!app) {
  console.error('usage: node --import tsx panel-server/src/serve-app.ts <shell|mfe-...>');
  process.exit(2);
}

const { port, server } =
  app === 'shell'
    ? { port: PANEL_PORT, server: createShellServer({ dist: path.join(ROOT, 'shell', DIST) }) }
    : { port: findRemote(app).port, server: createRemoteServer(findRemote(app)) };
const pidFile = path.join(RUN_DIR, `${app}.pid`);

server.listen(port, HOST, () => {
  mkdirSync(RUN_DIR, { recursive: true, mode: 0o700 });
  writeFileSync(pidFile, String(process.pid));
  console.log(`[${app}] http://localhost:${port}`);
  // The shell's server owns the release state it renders: it also runs the
  // release controller (automatic rollback, progressive rollout).
  if (app === 'shell') startReleaseController({ log: (line) => console.log(`[shell] ${line}`) });
});
server.on('error', (error) => {
  console.error(`[${app}] cannot listen on ${HOST}:${port}: ${error.message}`);
  process.exit(1);
});

function stop() {
  rmSync(pidFile, { force: true });
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
