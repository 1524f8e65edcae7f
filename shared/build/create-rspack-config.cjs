// One Rspack config for the shell and every remote, so they agree on the
// federation shared map, loaders and output naming. It is composed of small
// parts in config/: base (TypeScript, CSS, output), federation, the shell's
// page, release (integrity, contract, precompression) and the size-saving
// steps, each documented with what it saves.
const path = require('node:path');

const apps = require('../../apps.json');
const { baseConfig } = require('./config/base.cjs');
const { federationPlugin, sharedFor } = require('./config/federation.cjs');
const { hostPagePlugins } = require('./config/host-page.cjs');
const { lazySharedModules } = require('./config/lazy-shared.cjs');
const { releasePlugins } = require('./config/release.cjs');
const {
  sizeSavingAliases,
  sizeSavingOptimization,
  sizeSavingRules,
} = require('./config/size-savings.cjs');
const { federationRuntime } = require('./shared-deps.cjs');

/**
 * The app's federation name, port and exposed pages come from the one apps
 * manifest (apps.json at the root), found by the app's package name.
 * `customize` may change what the app is built from before the config is
 * made: its exposed pages, shared map and federation runtime (the browser
 * tests' faulty builds do, e2e/build/faulty-build.cjs).
 * @param {{ appDir: string, customize?: (parts: object) => void }} options
 */
function createRspackConfig({ appDir, customize }) {
  const pkg = require(path.join(appDir, 'package.json'));
  const isHost = pkg.name === apps.shell.package;
  const app = isHost ? apps.shell : apps.remotes.find((remote) => remote.package === pkg.name);
  if (!app) throw new Error(`${pkg.name} is not in apps.json`);
  const parts = {
    isHost,
    exposes: Object.fromEntries((app.pages ?? []).map((page) => [page.expose, page.file])),
    shared: sharedFor(isHost),
    runtime: federationRuntime(),
  };
  customize?.(parts);
  const { exposes, shared, runtime } = parts;
  const isDev = process.env.NODE_ENV === 'development';
  // A release builds the same source under another version (panel-server/src/release.ts).
  const version = process.env.REMOTE_VERSION || pkg.version;

  const config = baseConfig({
    appDir,
    federationName: app.name,
    isHost,
    isDev,
    packageName: pkg.name,
    version,
    devPort: Number(process.env.PANEL_PORT ?? 3000) + app.portOffset,
  });
  config.resolve.alias = sizeSavingAliases({ isHost, isDev });
  config.module.rules.push(...sizeSavingRules({ isHost }));
  config.plugins.push(
    federationPlugin({ isHost, federationName: app.name, exposes, shared }),
    ...(isHost ? hostPagePlugins(appDir) : []),
    ...(isDev
      ? []
      : releasePlugins({
          isHost,
          appDir,
          contractOf: { app, pkg, version, exposes, shared, runtime },
        })),
  );
  Object.assign(
    config.optimization,
    sizeSavingOptimization({ isHost, isDev, lazySharedModules: lazySharedModules() }),
  );
  return config;
}

module.exports = { createRspackConfig };
