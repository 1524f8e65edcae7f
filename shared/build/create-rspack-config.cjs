// One Rspack config for the shell and every remote, so they agree on the
// federation shared map, loaders and output naming.
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

const apps = require('../../apps.json');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { PreloadChunksPlugin } = require('./preload-chunks-plugin.cjs');
const { ReleaseContractPlugin } = require('./release-contract.cjs');
const {
  LAZY_SHARED,
  PROVIDED_BY_SHELL_LEVEL,
  federationRuntime,
  sharedDependencies,
} = require('./shared-deps.cjs');

/** The federation runtime's packages a remote's build takes from the shell's page (files in federation/). */
const FROM_SHELL = {
  'webpack-bundler-runtime': 'bundler-runtime-from-shell.mjs',
  'error-codes': 'error-codes-from-shell.mjs',
};

/**
 * The federation runtime's packages as ES modules: Rspack's federation
 * runtime requires them, which picks their CommonJS builds, and those cannot
 * be tree-shaken (the SDK's Node.js loaders, manifest and config helpers all
 * shipped). Aliased to the ESM builds, only what the browser runtime uses is
 * bundled, once, in the shell.
 */
function federationRuntimeEsm({ isHost }) {
  const alias = {};
  for (const name of [
    'sdk',
    'runtime',
    'runtime-core',
    'webpack-bundler-runtime',
    'error-codes',
    'runtime-tools',
  ]) {
    // Not require.resolve('…/package.json'): these packages do not export it.
    const main = require.resolve(`@module-federation/${name}`);
    const pkgDir = main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
    const entry = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).exports[
      '.'
    ].import.default;
    // A remote takes the bundler runtime and the runtime's error messages
    // from the shell's page, as it takes the runtime core (see the files).
    const fromShell = FROM_SHELL[name];
    const target =
      !isHost && fromShell
        ? path.join(__dirname, 'federation', fromShell)
        : path.join(pkgDir, entry);
    alias[`@module-federation/${name}$`] = target;
    // Rspack's federation plugin also requires some by their resolved (CommonJS) path.
    alias[`${main}$`] = target;
  }
  return alias;
}

// react-router's package exports only its development build (warnings,
// checks); a release build takes the production build the package ships
// beside it, by its path past the exports map.
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** The federation runtime core's ModuleFederation class, which the shell's build fixes. */
const RUNTIME_CORE_FILE = new RegExp(
  String.raw`[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]core\.js$`,
);

/**
 * The files @panel/shared/page-ui and @panel/shared/data re-export (`./ui/panel`,
 * `./format/csv`, `./store/hooks`…), read from them so the two cannot drift apart.
 */
const LAZY_SHARED_FILES = ['page-ui.ts', 'data.ts', 'contract.ts'].flatMap((entry) =>
  [
    ...fs
      .readFileSync(path.join(__dirname, '../src', entry), 'utf8')
      .matchAll(/from '\.\/([\w/-]+)'/g),
  ].map((match) => match[1].replace(/[/]/g, String.raw`[\\/]`)),
);

/**
 * Modules of @panel/shared's lazy half: the data layer (@panel/shared/data's
 * own files and the packages only it uses), the logged-in pages' building
 * blocks and texts (@panel/shared/page-ui, with their CSS modules, and the
 * forms' react-hook-form, resolver and TypeBox) and the contract's schemas
 * (@panel/shared/contract). Left out, the forms' packages would form a
 * chunk of their own that the login page preloads.
 */
const LAZY_SHARED_MODULES = new RegExp(
  String.raw`[\\/](?:node_modules[\\/](?:@reduxjs|immer|redux|redux-thunk|reselect|react-redux|use-sync-external-store|@standard-schema|react-hook-form|@hookform|typebox)[\\/]|shared[\\/]src[\\/](?:data\.ts|page-ui\.ts|contract\.ts|store[\\/]|api[\\/]endpoints[\\/]|(?:${LAZY_SHARED_FILES.join('|')})(?:\.tsx?|\.module\.css)$))`,
);

/**
 * The app's federation name, port and exposed pages come from the one apps
 * manifest (apps.json at the root), found by the app's package name.
 * @param {object} options
 * @param {string} options.appDir the app's folder (__dirname of its rspack.config.cjs)
 */
function createRspackConfig({ appDir }) {
  const pkg = require(path.join(appDir, 'package.json'));
  const isHost = pkg.name === apps.shell.package;
  const app = isHost ? apps.shell : apps.remotes.find((remote) => remote.package === pkg.name);
  if (!app) throw new Error(`${pkg.name} is not in apps.json`);
  const federationName = app.name;
  const exposes = Object.fromEntries((app.pages ?? []).map((page) => [page.expose, page.file]));
  // Test-only faults, so the browser tests can release a broken version:
  // PANEL_FAULT_THROWING_PAGES=1 exposes pages that throw when drawn.
  // PANEL_FAULT_OMIT_EXPOSE=./QrPage leaves a page out; PANEL_FAULT_REQUIRE=react@^99.0.0
  // asks for a React the shell does not provide. The release gate must refuse the last two.
  if (process.env.PANEL_FAULT_THROWING_PAGES === '1') {
    for (const name of Object.keys(exposes)) exposes[name] = require.resolve('./throwing-page.cjs');
  }
  for (const omitted of (process.env.PANEL_FAULT_OMIT_EXPOSE ?? '').split(',')) {
    delete exposes[omitted];
  }
  const shared = sharedDependencies();
  // A remote runs only in the shell's page, on the shell's federation
  // runtime, so it always gets the shell's copies: it builds no fallback
  // copies of its own (no chunks, no chunk hashes in its entry for them).
  // The release gate refuses a remote whose required versions the shell
  // does not provide.
  if (!isHost) for (const name of Object.keys(shared)) shared[name].import = false;
  // The shell's copies are bundled into its entry (eager), not into one
  // async chunk per shared module: the page needs them all before anything
  // is drawn, and one file is fewer requests and compresses better (the
  // login page's shell scripts went from 11 to 2, 4.6 kB gz less). The data
  // layer and the logged-in pages' building blocks stay lazy: the login
  // form is drawn without them.
  if (isHost) {
    for (const name of Object.keys(shared)) {
      if (!LAZY_SHARED.includes(name)) shared[name].eager = true;
    }
  }
  const fault = /^(.+)@([^@]+)$/.exec(process.env.PANEL_FAULT_REQUIRE ?? '');
  if (!isHost && fault && shared[fault[1]]) shared[fault[1]].requiredVersion = fault[2];
  // PANEL_FAULT_RUNTIME=3.0.0 records a remote as built against another
  // federation runtime (one build cannot really mix two runtimes).
  const runtime = federationRuntime(isHost ? undefined : process.env.PANEL_FAULT_RUNTIME);
  const devPort = Number(process.env.PANEL_PORT ?? 3000) + app.portOffset;
  // A release builds the same source under another version (scripts/release.mjs).
  const version = process.env.REMOTE_VERSION || pkg.version;
  const outputDir =
    process.env.BUILD_OUT_DIR || path.join(appDir, process.env.PANEL_DIST || 'dist');
  const isDev = process.env.NODE_ENV === 'development';
  const extractCss = !isDev;

  return {
    mode: isDev ? 'development' : 'production',
    context: appDir,
    entry: { main: './src/index.ts' },
    // No eval-based source maps in development either: the panel's
    // Content-Security-Policy has no 'unsafe-eval', in dev as in production.
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: outputDir,
      // The shell's page is served at every route, so its assets are absolute;
      // a remote's 'auto' lets it be served from any folder (versioned releases).
      publicPath: isHost ? '/' : 'auto',
      uniqueName: federationName,
      // Scripts load with crossorigin so their integrity can be checked (a
      // remote's server answers CORS for the panel's origins).
      crossOriginLoading: 'anonymous',
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      assetModuleFilename: '[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      alias: {
        ...federationRuntimeEsm({ isHost }),
        // The router the panel uses, not the whole package (see the file).
        'react-router-dom$': path.join(__dirname, '../src/router/react-router-dom-slim.ts'),
        ...(isDev ? {} : { 'react-router$': REACT_ROUTER_PRODUCTION }),
      },
    },
    module: {
      // An import of a name a module does not export (a router name missing
      // from the slim router, say) fails the build instead of being undefined.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          use: [
            // Release builds put CSS in .css files, not in JavaScript
            // strings: the login page's JS is lighter by the size of its CSS.
            // A remote's entry carries the small CSS-loading runtime, which
            // loads a page's stylesheets (with their integrity) with its
            // scripts; the shell fetches both with the entry (remotes.json
            // lists them). Watch builds inject it (hot reload).
            extractCss ? rspack.CssExtractRspackPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: {
                  auto: true,
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: `${federationName}__[local]--[hash:base64:5]`,
                },
              },
            },
          ],
          type: 'javascript/auto',
        },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
        // The shell's federation runtime builds no snapshot handler when
        // snapshots are off (see the loader).
        ...(isHost
          ? [
              {
                test: RUNTIME_CORE_FILE,
                loader: path.join(__dirname, 'federation/no-snapshot-handler-loader.cjs'),
              },
            ]
          : []),
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __REMOTE_NAME__: JSON.stringify(pkg.name),
        __REMOTE_VERSION__: JSON.stringify(version),
      }),
      ...(!extractCss
        ? []
        : [
            new rspack.CssExtractRspackPlugin({
              filename: '[name].[contenthash:10].css',
              chunkFilename: '[name].[contenthash:10].css',
            }),
          ]),
      new ModuleFederationPlugin({
        name: federationName,
        ...(isHost
          ? { remotes: {} }
          : {
              filename: 'remoteEntry.js',
              exposes,
              manifest: { fileName: 'mf-manifest.json' },
            }),
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
      }),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(appDir, 'index.html'),
              title: 'Lending panel',
              // The icon travels inside the HTML (213 bytes), so the browser
              // sends no request for it while the login page loads; the file
              // is still served at /favicon.ico for whoever asks for it.
              templateParameters: {
                faviconUrl: `data:image/x-icon;base64,${fs.readFileSync(path.join(appDir, 'favicon.ico')).toString('base64')}`,
              },
            }),
            new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(appDir, 'favicon.ico') }] }),
            // Release builds only: the preloads carry the integrity and
            // crossorigin of the SRI chunk loader, which watch builds do not
            // use (Chrome then refused each preload and fetched it again).
            ...(isDev ? [] : [new PreloadChunksPlugin()]),
          ]
        : []),
      // Every chunk is loaded with the SHA-384 of its bytes (integrity=…), so
      // a file changed after the build is refused by the browser.
      ...(isDev ? [] : [new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'] })]),
      // contract.json for the release gate and the integrity record (release-contract.cjs).
      ...(isDev
        ? []
        : [
            new ReleaseContractPlugin({
              srcDirs: isHost
                ? [path.join(appDir, 'src'), path.join(__dirname, '../src')]
                : [path.join(appDir, 'src')],
              contract: () =>
                releaseContract({ isHost, app, pkg, version, exposes, shared, runtime }),
            }),
          ]),
      // Watch builds stay fast; release builds are compressed once, here.
      ...(isDev ? [] : [new PrecompressPlugin()]),
    ],
    devServer: {
      port: devPort,
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    performance: { hints: false },
    optimization: {
      ...(isDev
        ? {}
        : {
            moduleIds: 'deterministic',
            chunkIds: 'deterministic',
            // Three compress passes instead of the default's two: 0.1 kB gz
            // less on the login page for a second more of build.
            minimizer: [
              new rspack.SwcJsMinimizerRspackPlugin({
                minimizerOptions: { compress: { passes: 3 } },
              }),
              new rspack.LightningCssMinimizerRspackPlugin(),
            ],
          }),
      // The shell's data layer (@panel/shared/data with Redux Toolkit, RTK
      // Query, immer, reselect, react-redux) and the logged-in pages'
      // building blocks (@panel/shared/page-ui) in one chunk named `lazy-…`,
      // so the page does not preload it: the login form is drawn without it,
      // and every later page needs both.
      ...(isHost
        ? {
            splitChunks: {
              cacheGroups: {
                lazyShared: {
                  name: 'lazy-shared',
                  chunks: 'async',
                  enforce: true,
                  test: LAZY_SHARED_MODULES,
                },
              },
            },
          }
        : {}),
    },
  };
}

/**
 * What the release gate needs of a build (endpoints are added by the plugin):
 * the shell's provided shared versions, federation runtime and the pages its
 * route table loads, or a remote's exposes, the versions it requires of each
 * shared package and the federation runtime it was built against.
 */
function releaseContract({ isHost, app, pkg, version, exposes, shared, runtime }) {
  if (isHost) {
    return {
      kind: 'host',
      name: app.name,
      package: pkg.name,
      version,
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
  const required = Object.fromEntries(
    Object.entries(shared).map(([name, s]) => [
      name,
      { requiredVersion: s.requiredVersion, singleton: !!s.singleton },
    ]),
  );
  return {
    kind: 'remote',
    name: app.name,
    package: pkg.name,
    version,
    runtime: {
      builtWith: runtime.version,
      requiredVersion: runtime.requiredVersion,
      shareScope: runtime.shareScope,
      externalRuntime: true,
      bundlerRuntimeFromShell: PROVIDED_BY_SHELL_LEVEL,
    },
    exposes: Object.keys(exposes),
    shared: required,
  };
}

module.exports = { createRspackConfig };
