const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

const QR_WORKER_CHUNK = 'qr-render';

// Federation name, port and exposed pages: apps.json at the root.
const config = createRspackConfig({ appDir: __dirname });

// `new WorkerUrl(new URL('./x.worker.ts', import.meta.url))` is bundled like
// `new Worker(...)` but only answers the chunk's URL: the page starts the
// worker itself, through a same-origin blob (src/lib/qr-zip/create-qr-worker.ts).
config.module.parser = {
  ...config.module.parser,
  javascript: {
    ...config.module.parser?.javascript,
    worker: ['WorkerUrl from ./worker-url', '...'],
  },
};

// The worker runs from a blob: URL, where its runtime cannot work out this
// remote's public path to fetch more chunks, so it must be one whole file:
// keep it out of chunk splitting (other async chunks split as by default).
config.optimization = {
  ...config.optimization,
  splitChunks: {
    chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== QR_WORKER_CHUNK,
  },
};

module.exports = config;
