// The shell's build-time fix of the federation runtime core
// (shared/build/federation/no-snapshot-handler-loader.cjs), on the installed
// runtime's own core.js: it must find the line it fixes, and fail the build
// when a runtime upgrade has changed it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import noSnapshotHandler from '../../shared/build/federation/no-snapshot-handler-loader.cjs';

const runtimeCore = path.join(
  path.dirname(require.resolve('@module-federation/runtime-core')),
  'core.js',
);

const run = (source: string, resourcePath = runtimeCore) =>
  (noSnapshotHandler as (this: { resourcePath: string }, source: string) => string).call(
    { resourcePath },
    source,
  );

it('builds the disabled snapshot handler, with the manifest cache removeRemote clears, when snapshots are off', () => {
  const fixed = run(readFileSync(runtimeCore, 'utf8'));
  expect(fixed).toContain(
    'USE_REMOTE && USE_SNAPSHOT ? new SnapshotHandler(this) : Object.assign(new DisabledSnapshotHandler(), { manifestCache: new Map() })',
  );
  expect(fixed).not.toContain('USE_REMOTE ? new SnapshotHandler(this)');
  // The flag it reads is the runtime's own, set from disableSnapshot at build time.
  expect(fixed).toMatch(/const USE_SNAPSHOT = typeof FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN/);
});

it('fails when the line it fixes is not there', () => {
  expect(() => run('this.snapshotHandler = new SnapshotHandler(this);', '/x/core.js')).toThrow(
    /\/x\/core\.js: the line no-snapshot-handler-loader\.cjs fixes is not there/,
  );
});
