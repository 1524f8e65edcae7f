// What a release build adds: every chunk loaded with its SHA-384
// (Subresource Integrity), the shell's preloads carrying the same integrity,
// contract.json for the release gate, and files compressed once, at build.
// Watch builds (`npm run dev`) add none of it and stay fast.
const path = require('node:path');
const { rspack } = require('@rspack/core');

const { PrecompressPlugin } = require('../precompress-plugin.cjs');
const { PreloadChunksPlugin } = require('../preload-chunks-plugin.cjs');
const apps = require('../../../apps.json');
const { ReleaseContractPlugin } = require('../release-contract.cjs');
const { PROVIDED_BY_SHELL_LEVEL } = require('../shared-deps.cjs');

/**
 * @param {object} build
 * @param {boolean} build.isHost the shell
 * @param {string} build.appDir the app's folder
 * @param {object} build.contractOf what releaseContract needs (app, pkg, version, exposes, shared, runtime)
 */
function releasePlugins({ isHost, appDir, contractOf }) {
  return [
    // The preloads carry the integrity and crossorigin of the SRI chunk
    // loader (a preload that differs is a second request).
    ...(isHost ? [new PreloadChunksPlugin()] : []),
    // A file changed after the build is refused by the browser.
    new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'] }),
    new ReleaseContractPlugin({
      srcDirs: isHost
        ? [path.join(appDir, 'src'), path.join(__dirname, '../../src')]
        : [path.join(appDir, 'src')],
      contract: () => releaseContract({ isHost, ...contractOf }),
    }),
    new PrecompressPlugin(),
  ];
}

/**
 * What the release gate needs of a build (endpoints are added by the plugin):
 * the shell's provided shared versions, federation runtime and the pages its
 * route table loads, or a remote's exposes, the versions it requires of each
 * shared package and the federation runtime it was built against.
 */
function releaseContract({ isHost, app, pkg, version, exposes, shared, runtime }) {
  const common = { name: app.name, package: pkg.name, version };
  if (isHost) {
    return {
      kind: 'host',
      ...common,
      runtime: {
        version: runtime.version,
        shareScope: runtime.shareScope,
        providesExternalRuntime: true,
        providesBundlerRuntime: PROVIDED_BY_SHELL_LEVEL,
      },
      provides: Object.fromEntries(Object.entries(shared).map(([name, s]) => [name, s.version])),
      routes: apps.remotes.flatMap((remote) =>
        remote.pages.map((page) => ({
          remote: remote.name,
          exposed: page.expose,
          path: page.path,
        })),
      ),
    };
  }
  return {
    kind: 'remote',
    ...common,
    runtime: {
      builtWith: runtime.version,
      requiredVersion: runtime.requiredVersion,
      shareScope: runtime.shareScope,
      externalRuntime: true,
      bundlerRuntimeFromShell: PROVIDED_BY_SHELL_LEVEL,
    },
    exposes: Object.keys(exposes),
    shared: Object.fromEntries(
      Object.entries(shared).map(([name, s]) => [
        name,
        { requiredVersion: s.requiredVersion, singleton: !!s.singleton },
      ]),
    ),
  };
}

module.exports = { releasePlugins };
