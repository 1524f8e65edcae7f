import qrRenderWorkerUrl from '@qr-render-worker';

import { startWorker } from '../start-worker';

/** Starts one QR render worker (its script: see rspack.config.cjs). */
export function createQrWorker(): Worker {
  return startWorker(qrRenderWorkerUrl, 'qr-render');
}
