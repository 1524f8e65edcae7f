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
// its URL as `@qr-render-worker`. The label worker (pdf-lib, issue 32) is a
// second entry of the same compiler, built and imported the same way as
// `@qr-labels-worker`: pdf-lib then loads with the first label download,
// never with the page.
const WORKER_COMPILER = 'qr-render-worker';
const workerDir = path.join(
  __dirname,
  'node_modules/.cache/qr-render-worker',
  createHash('sha1').update(config.output.path).digest('hex').slice(0, 10),
);
const WORKERS = [
  { entry: 'qr-render', source: './src/lib/qr-zip/qr-render.worker.ts' },
  { entry: 'qr-labels', source: './src/lib/qr-labels/qr-labels.worker.ts' },
].map((worker) => ({ ...worker, bundle: path.join(workerDir, `${worker.entry}.js`) }));

const workerConfig = {
  name: WORKER_COMPILER,
  mode: config.mode,
  context: __dirname,
  target: 'webworker',
  entry: Object.fromEntries(WORKERS.map((worker) => [worker.entry, worker.source])),
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
config.resolve.alias = {
  ...config.resolve.alias,
  ...Object.fromEntries(WORKERS.map((worker) => [`@${worker.entry}-worker$`, worker.bundle])),
};
config.module.rules = [
  ...config.module.rules,
  ...WORKERS.map((worker) => ({
    test: worker.bundle,
    type: 'asset/resource',
    generator: { filename: `${worker.entry}.[contenthash:10].js` },
  })),
];

module.exports = [config, workerConfig];
