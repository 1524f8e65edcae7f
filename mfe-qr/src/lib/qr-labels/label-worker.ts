import qrLabelsWorkerUrl from '@qr-labels-worker';
import { QR } from '@panel/shared';

import { startWorker } from '../start-worker';
import type { LabelSheetId } from './label-layout';
import type { LabelsRequest, LabelsResponse } from './protocol';

export interface LabelPdfJob {
  codes: string[];
  typeLabel: string;
  sheetId: LabelSheetId;
  title: string;
}

interface BuildOptions {
  signal: AbortSignal;
  onProgress: (done: number) => void;
}

/**
 * The page's side of the label worker. The worker (and pdf-lib in it) is
 * fetched on the first label download, never with the page; it is then kept
 * for the next one, and replaced after a cancel or a failure.
 */
export class LabelWorker {
  private worker: Worker | null = null;
  private nextJobId = 1;

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  build(job: LabelPdfJob, { signal, onProgress }: BuildOptions): Promise<Blob> {
    this.worker ??= startWorker(qrLabelsWorkerUrl, 'qr-labels');
    const worker = this.worker;
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
        if (data.kind === 'progress') return onProgress(data.done);
        if (data.kind === 'failed') return fail(new Error(data.message));
        detach();
        resolve(new Blob([data.pdf], { type: 'application/pdf' }));
      };
      worker.onerror = (event) => fail(new Error(event.message || 'The label worker failed.'));
      const request: LabelsRequest = {
        kind: 'labels',
        jobId,
        ...job,
        sizePx: QR.sizePx,
        errorCorrectionLevel: QR.errorCorrectionLevel,
      };
      worker.postMessage(request);
    });
  }
}

let sharedWorker: LabelWorker | null = null;

/** The page's one label worker. */
export function getLabelWorker(): LabelWorker {
  sharedWorker ??= new LabelWorker();
  return sharedWorker;
}
