/**
 * Starts a worker from one of this remote's worker scripts. This remote is
 * served from its own origin, not the shell's, and a worker script must have
 * the page's origin: so the worker is a same-origin blob (allowed by
 * `worker-src blob:`) whose only line imports the real script from this
 * remote's public path. Those scripts are built apart from the remote
 * (rspack.config.cjs): one file each with no federation runtime, which a
 * worker could not start.
 */
export function startWorker(scriptPath: string, name: string): Worker {
  const scriptUrl = new URL(scriptPath, document.baseURI);
  const bootstrap = new Blob([`importScripts(${JSON.stringify(scriptUrl.href)});`], {
    type: 'text/javascript',
  });
  const bootstrapUrl = URL.createObjectURL(bootstrap);
  try {
    return new Worker(bootstrapUrl, { name });
  } finally {
    // The constructor has resolved the blob already; the URL is not needed again.
    URL.revokeObjectURL(bootstrapUrl);
  }
}
