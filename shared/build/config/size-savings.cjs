// The steps that keep the page light, each with what it saves (gzip figures
// of the login page's JS, measured when each was added; the budget check,
// scripts/check-weight.mjs, holds the sum). Each can be dropped alone.
const path = require('node:path');
const { rspack } = require('@rspack/core');

const { federationRuntimeEsm } = require('./federation-runtime-esm.cjs');

/**
 * Resolve aliases. 1. The federation runtime as ES modules, tree-shaken to
 * what the browser uses, bundled once in the shell (federation-runtime-esm.cjs).
 */
function sizeSavingAliases({ isHost, isDev }) {
  return {
    ...federationRuntimeEsm(isHost),
    // 2. Only the router names the panel uses, not the whole package
    // (see src/router/react-router-dom-slim.ts).
    'react-router-dom$': path.join(__dirname, '../../src/router/react-router-dom-slim.ts'),
    // 3. react-router exports only its development build (warnings, checks);
    // a release build takes the production build it ships beside it.
    ...(isDev
      ? {}
      : {
          'react-router$': path.join(
            path.dirname(require.resolve('react-router/package.json')),
            'dist/production/index.mjs',
          ),
        }),
  };
}

/**
 * 4. The shell's runtime builds no snapshot handler when snapshots are off
 * (runtime-core 2.9 builds one anyway, with the manifest and preload code it
 * reaches): 1.5 kB gz (121.1 → 119.6). The loader fails the build if an
 * upgrade changes the line it fixes.
 */
function sizeSavingRules({ isHost }) {
  if (!isHost) return [];
  return [
    {
      test: /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]core\.js$/,
      loader: path.join(__dirname, '../federation/no-snapshot-handler-loader.cjs'),
    },
  ];
}

/**
 * 5. Three compress passes instead of two: 0.1 kB gz for a second of build.
 * 6. The shell's lazy half of @panel/shared (the data layer, the logged-in
 * pages' building blocks, the forms' packages, the contract) in one chunk
 * named `lazy-shared`, which the page does not preload: the login form is
 * drawn without it (see lazy-shared.cjs for what is in it).
 */
function sizeSavingOptimization({ isHost, isDev, lazySharedModules }) {
  return {
    ...(isDev
      ? {}
      : {
          minimizer: [
            new rspack.SwcJsMinimizerRspackPlugin({
              minimizerOptions: { compress: { passes: 3 } },
            }),
            new rspack.LightningCssMinimizerRspackPlugin(),
          ],
        }),
    ...(isHost
      ? {
          splitChunks: {
            cacheGroups: {
              lazyShared: {
                name: 'lazy-shared',
                chunks: 'async',
                enforce: true,
                test: lazySharedModules,
              },
            },
          },
        }
      : {}),
  };
}

module.exports = { sizeSavingAliases, sizeSavingOptimization, sizeSavingRules };
