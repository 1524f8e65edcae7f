// A build-time fix of @module-federation/runtime-core 2.9 (core.js), for the
// shell's bundle: with `experiments.optimization.disableSnapshot` the runtime
// registers no snapshot plugin, yet every host still builds a SnapshotHandler
// (it checks only that remotes are on), so the handler and the manifest and
// preload code it reaches (about 1.5 kB gz) ship unused. The shell registers
// each remote by its entry, never by a manifest, and calls no
// `preloadRemote`, so it takes the runtime's own DisabledSnapshotHandler when
// snapshots are off, given the one field `removeRemote` touches (the
// manifest cache, which stays empty). If a runtime upgrade changes the line,
// the build fails here instead of shipping the handler silently.
const UNFIXED =
  'this.snapshotHandler = USE_REMOTE ? new SnapshotHandler(this) : new DisabledSnapshotHandler();';
const FIXED =
  'this.snapshotHandler = USE_REMOTE && USE_SNAPSHOT ? new SnapshotHandler(this) : Object.assign(new DisabledSnapshotHandler(), { manifestCache: new Map() });';

module.exports = function noSnapshotHandler(source) {
  if (!source.includes(UNFIXED)) {
    throw new Error(
      `${this.resourcePath}: the line no-snapshot-handler-loader.cjs fixes is not there (a new federation runtime?): check whether it still builds a SnapshotHandler with snapshots disabled, then update or remove the loader`,
    );
  }
  return source.replace(UNFIXED, FIXED);
};
