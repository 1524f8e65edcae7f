import qrLabelsWorkerUrl from '@qr-labels-worker';

import { startWorker } from '../start-worker';
import type { LabelSheetId } from './label-layout';
import type { LabelsRequest, LabelsResponse } from './protocol';

export interface LabelPdfJob {
  codes: string[];
  /** Each code's PNG, from the QR render workers; moved to the label worker, not copied. */
  pngs: ArrayBuffer[];
  typeLabel: string;
  sheetId: LabelSheetId;
  title: string;
}

interface BuildOptions {
  signal: AbortSignal;
}

/**
 * The page's side of the label worker. The worker (and pdf-lib in it) is
 * fetched on the first label download, never with the page; it is then kept
 * for the next one, and replaced after a cancel or a failure. It only lays
 * out: the QR images come from the render workers, which run on every core.
 */
export class LabelWorker {
  private worker: Worker | null = null;
  private nextJobId = 1;

  /** Starts the worker, so pdf-lib loads while the codes are fetched and rendered. */
  warm(): Worker {
    this.worker ??= startWorker(qrLabelsWorkerUrl, 'qr-labels');
    return this.worker;
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  build(job: LabelPdfJob, { signal }: BuildOptions): Promise<Blob> {
    const worker = this.warm();
    const jobId = this.nextJobId++;
    return new Promise<Blob>((resolve, reject) => {
      const detach = () => {
        signal.removeEventListener('abort', cancel);
        worker.onmessage = null;
        worker.onerror = null;
      };
      const fail = (error: Error) => {
        detach();
        this.dispose();
        reject(error);
      };
      function cancel() {
        fail(new DOMException('The download was cancelled.', 'AbortError'));
      }
      if (signal.aborted) return cancel();
      signal.addEventListener('abort', cancel);
      worker.onmessage = ({ data }: MessageEvent<LabelsResponse>) => {
        if (data.jobId !== jobId) return;
        if (data.kind === 'failed') return fail(new Error(data.message));
        detach();
        resolve(new Blob([data.pdf], { type: 'application/pdf' }));
      };
      worker.onerror = (event) => fail(new Error(event.message || 'The label worker failed.'));
      const request: LabelsRequest = { kind: 'labels', jobId, ...job };
      worker.postMessage(request, job.pngs);
    });
  }
}

let sharedWorker: LabelWorker | null = null;

/** The page's one label worker. */
export function getLabelWorker(): LabelWorker {
  sharedWorker ??= new LabelWorker();
  return sharedWorker;
}
