// Starts the panel's real shell server (on the folder given as argument) and
// mfe-qr's real remote server (on DEPLOY_DIR) on free ports for
// static-server.test.ts, and prints the ports as one JSON line.
import type { AddressInfo } from 'node:net';

import { findRemote } from '../../../../scripts/lib/apps.mjs';
import { createRemoteServer, createShellServer } from '../panel-servers';

const shell = createShellServer({ dist: process.argv[2] ?? '' });
const remote = createRemoteServer(findRemote('mfe-qr'));
void Promise.all(
  [shell, remote].map(
    (server) => new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening)),
  ),
).then(() => {
  const portOf = (server: typeof shell) => (server.address() as AddressInfo).port;
  console.log(JSON.stringify({ shell: portOf(shell), remote: portOf(remote) }));
});
