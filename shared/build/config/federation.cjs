// Module Federation: the shell is the host, each remote exposes its pages
// (apps.json). One federation runtime and one copy of each shared package
// in the page, both the shell's.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

const { LAZY_SHARED, sharedDependencies } = require('../shared-deps.cjs');

/**
 * The shared map as this app declares it. A remote runs only in the shell's
 * page, on the shell's federation runtime, so it always gets the shell's
 * copies: it builds no fallback copies of its own (no chunks, no chunk
 * hashes in its entry for them); the release gate refuses a remote whose
 * required versions the shell does not provide. The shell bundles its copies
 * into its entry (eager), not one async chunk per shared module: the page
 * needs them all before anything is drawn, and one file is fewer requests
 * (the login page's shell scripts went from 11 to 2, 4.6 kB gz less). The
 * data layer and the logged-in pages' building blocks stay lazy: the login
 * form is drawn without them.
 */
function sharedFor(isHost) {
  const shared = sharedDependencies();
  for (const [name, entry] of Object.entries(shared)) {
    if (!isHost) entry.import = false;
    else if (!LAZY_SHARED.includes(name)) entry.eager = true;
  }
  return shared;
}

/**
 * @param {object} app
 * @param {boolean} app.isHost the shell
 * @param {string} app.federationName its name in the page
 * @param {Record<string, string>} app.exposes a remote's pages (expose → file)
 * @param {object} app.shared the shared map (sharedFor)
 */
function federationPlugin({ isHost, federationName, exposes, shared }) {
  return new ModuleFederationPlugin({
    name: federationName,
    ...(isHost
      ? { remotes: {} }
      : { filename: 'remoteEntry.js', exposes, manifest: { fileName: 'mf-manifest.json' } }),
    shared,
    dts: false,
    // One federation runtime in the page: the shell bundles it and puts it
    // on the global the remotes' builds take it from, so a remote's entry
    // carries only its container, not a second runtime.
    experiments: {
      ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
      // Only the browser's code paths of the runtime (no Node.js loaders);
      // no snapshot or manifest handling (the shell registers each remote
      // by its entry, see remote-registry.ts); a remote's container loads
      // no remotes of its own.
      optimization: {
        target: 'web',
        disableSnapshot: true,
        ...(isHost ? {} : { disableRemote: true }),
      },
    },
  });
}

module.exports = { federationPlugin, sharedFor };
