// Starts the panel's real shell server (on the folder given as argument) and
// mfe-qr's real remote server (on DEPLOY_DIR) on free ports for
// static-server.test.ts, and prints the ports as one JSON line.
import { findRemote } from '../lib/apps.mjs';
import { createRemoteServer, createShellServer } from '../lib/panel-servers.mjs';

const shell = createShellServer({ dist: process.argv[2] });
const remote = createRemoteServer(findRemote('mfe-qr'));
await Promise.all(
  [shell, remote].map(
    (server) => new Promise((listening) => server.listen(0, '127.0.0.1', listening)),
  ),
);
console.log(JSON.stringify({ shell: shell.address().port, remote: remote.address().port }));
