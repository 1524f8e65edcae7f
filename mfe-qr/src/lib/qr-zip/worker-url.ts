/**
 * Written where `new Worker` would be, `new WorkerUrl(new URL('./x.worker.ts',
 * import.meta.url))` makes Rspack bundle x.worker.ts as a worker entry and
 * answers the URL of its chunk, without starting it (rspack.config.cjs names
 * this class in `parser.javascript.worker`). The page then starts it through
 * a same-origin blob, see createQrWorker.
 */
export class WorkerUrl extends URL {
  constructor(url: URL, _options?: { name?: string }) {
    super(url);
  }
}
