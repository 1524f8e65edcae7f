// The plain Rspack build every app shares: TypeScript through SWC, CSS
// modules (extracted to .css files in release builds), assets, hashed file
// names, and the dev server of `npm run dev`.
const path = require('node:path');
const { rspack } = require('@rspack/core');

/** `federationName` prefixes CSS classes; `isDev` is a watch build (`npm run dev`). */
function baseConfig({ appDir, federationName, isHost, isDev, packageName, version, devPort }) {
  return {
    mode: isDev ? 'development' : 'production',
    context: appDir,
    entry: { main: './src/index.ts' },
    // No eval-based source maps in development either: the panel's
    // Content-Security-Policy has no 'unsafe-eval', in dev as in production.
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: process.env.BUILD_OUT_DIR || path.join(appDir, process.env.PANEL_DIST || 'dist'),
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
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
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
            // Release builds put CSS in .css files, which a remote's entry
            // loads with its scripts (with their integrity); watch builds
            // inject it (hot reload).
            isDev ? 'style-loader' : rspack.CssExtractRspackPlugin.loader,
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
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        __REMOTE_NAME__: JSON.stringify(packageName),
        __REMOTE_VERSION__: JSON.stringify(version),
      }),
      ...(isDev
        ? []
        : [
            new rspack.CssExtractRspackPlugin({
              filename: '[name].[contenthash:10].css',
              chunkFilename: '[name].[contenthash:10].css',
            }),
          ]),
    ],
    devServer: {
      port: devPort,
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    performance: { hints: false },
    optimization: isDev ? {} : { moduleIds: 'deterministic', chunkIds: 'deterministic' },
  };
}

module.exports = { baseConfig };
