import qrRenderWorkerUrl from '@qr-render-worker';

/**
 * Starts one QR render worker. This remote is served from its own origin,
 * not the shell's, and a worker script must have the page's origin: so the
 * worker is a same-origin blob (allowed by `worker-src blob:`) whose only
 * line imports the real script from this remote's public path. That script
 * is built apart from the remote (rspack.config.cjs): one file with no
 * federation runtime, which a worker could not start.
 */
export function createQrWorker(): Worker {
  const scriptUrl = new URL(qrRenderWorkerUrl, document.baseURI);
  const bootstrap = new Blob([`importScripts(${JSON.stringify(scriptUrl.href)});`], {
    type: 'text/javascript',
  });
  const bootstrapUrl = URL.createObjectURL(bootstrap);
  try {
    return new Worker(bootstrapUrl, { name: 'qr-render' });
  } finally {
    // The constructor has resolved the blob already; the URL is not needed again.
    URL.revokeObjectURL(bootstrapUrl);
  }
}
