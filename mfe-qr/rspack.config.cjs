const { createHash } = require('node:crypto');
const path = require('node:path');
const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

// Federation name, port and exposed pages: apps.json at the root.
const config = createRspackConfig({ appDir: __dirname });

// The QR render worker is built by a compiler of its own, without Module
// Federation: a federated build puts the federation runtime in every entry,
// and this remote takes that runtime from the shell's page (externalRuntime),
// which a worker does not have, so a federated worker never started. Built
// alone it is one self-contained file that needs no runtime, no public path
// and no other chunk (it runs from a blob: URL, see create-qr-worker.ts).
// The remote's build then emits that file as a hashed asset; the page imports
// its URL as `@qr-render-worker`.
const WORKER_COMPILER = 'qr-render-worker';
const workerDir = path.join(
  __dirname,
  'node_modules/.cache/qr-render-worker',
  createHash('sha1').update(config.output.path).digest('hex').slice(0, 10),
);
const workerBundle = path.join(workerDir, 'qr-render.js');

const workerConfig = {
  name: WORKER_COMPILER,
  mode: config.mode,
  context: __dirname,
  target: 'webworker',
  entry: { 'qr-render': './src/lib/qr-zip/qr-render.worker.ts' },
  devtool: false,
  output: { path: workerDir, filename: '[name].js', publicPath: '', clean: true },
  resolve: { extensions: config.resolve.extensions },
  module: {
    parser: config.module.parser,
    rules: config.module.rules.filter((rule) => String(rule.test).includes('jt')),
  },
  optimization: { splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
};

config.name = 'mfe-qr';
config.dependencies = [WORKER_COMPILER];
config.resolve.alias = { ...config.resolve.alias, '@qr-render-worker$': workerBundle };
config.module.rules = [
  ...config.module.rules,
  {
    test: workerBundle,
    type: 'asset/resource',
    generator: { filename: 'qr-render.[contenthash:10].js' },
  },
];

module.exports = [config, workerConfig];
