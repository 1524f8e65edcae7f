// The browser tests' quick builds of a remote (QUICK_BUILD in
// e2e/fixtures/system.ts), faulty on demand, so they can release a broken
// version and see the release gate or the shell's fallback handle it, and
// test the release steps without a release build's cost. Not part of the
// product's build: the release CLI (panel-server/src/release.ts) builds with
// this config only when PANEL_BUILD_CONFIG names it. Faults, from the environment:
//   PANEL_FAULT_THROWING_PAGES=1       every exposed page throws when drawn
//   PANEL_FAULT_OMIT_EXPOSE=./QrPage   a page left out (the gate refuses it)
//   PANEL_FAULT_REQUIRE=react@^99.0.0  a React the shell does not provide (refused)
//   PANEL_FAULT_RUNTIME=3.0.0          recorded as built against another
//                                      federation runtime (one build cannot
//                                      really mix two)
// A quick build skips what only a real release needs (minifying, source
// maps, .br and .gz files): those take three quarters of a build's time. Its
// contract.json, which the gate judges, and its integrity hashes are made as
// in every release.
const path = require('node:path');

const factory = require('@panel/shared/build/create-rspack-config.cjs');
const { PrecompressPlugin } = require('@panel/shared/build/precompress-plugin.cjs');
const { federationRuntime } = require('@panel/shared/build/shared-deps.cjs');

const env = process.env;

/** What the faults change, before the config is made (createRspackConfig's `customize`). */
function applyFaults(parts) {
  if (parts.isHost) return;
  if (env.PANEL_FAULT_THROWING_PAGES === '1') {
    for (const name of Object.keys(parts.exposes))
      parts.exposes[name] = require.resolve('./throwing-page.cjs');
  }
  for (const omitted of (env.PANEL_FAULT_OMIT_EXPOSE ?? '').split(',')) {
    delete parts.exposes[omitted];
  }
  const required = /^(.+)@([^@]+)$/.exec(env.PANEL_FAULT_REQUIRE ?? '');
  if (required && parts.shared[required[1]])
    parts.shared[required[1]].requiredVersion = required[2];
  if (env.PANEL_FAULT_RUNTIME) parts.runtime = federationRuntime(env.PANEL_FAULT_RUNTIME);
}

/** A build's config without minifying, source maps and precompression. */
function quick(config) {
  return {
    ...config,
    devtool: false,
    optimization: { ...config.optimization, minimize: false },
    plugins: (config.plugins ?? []).filter((plugin) => !(plugin instanceof PrecompressPlugin)),
  };
}

// The remote's own config (it may add to the shared one, as mfe-qr's
// workers do), its createRspackConfig given the faults.
const createRspackConfig = factory.createRspackConfig;
factory.createRspackConfig = (options) =>
  createRspackConfig({ ...options, customize: applyFaults });
const remoteConfig = require(path.join(process.cwd(), 'rspack.config.cjs'));
module.exports = Array.isArray(remoteConfig) ? remoteConfig.map(quick) : quick(remoteConfig);
