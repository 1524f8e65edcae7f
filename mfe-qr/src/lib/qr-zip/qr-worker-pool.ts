import { QR } from '@panel/shared';

import { createQrWorker } from './create-qr-worker';
import type { WorkerRequest, WorkerResponse } from './protocol';

export interface QrZipProgress {
  phase: 'rendering' | 'zipping';
  done: number;
  total: number;
}

export interface QrZip {
  zip: Blob;
  /** The last code's image, for the page's preview. */
  lastPng: Blob;
}

interface BuildOptions {
  signal: AbortSignal;
  onProgress: (progress: QrZipProgress) => void;
}

/** Codes per message: small enough for smooth progress and balance, big enough to keep messages few. */
const CODES_PER_TASK = 50;
/** Tasks in flight per worker, so none waits idle for the page to hand it the next one. */
const TASKS_IN_FLIGHT = 2;
const MAX_WORKERS = 8;

/**
 * Renders codes to PNGs on every core (one worker each) and zips them in a
 * worker, so the page's main thread only hands out work and saves the file.
 */
export class QrWorkerPool {
  private workers: Worker[] = [];
  private nextJobId = 1;

  constructor(
    private readonly size = Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 1)),
  ) {}

  /** Starts the workers ahead of the first click, so their script is loaded and parsed by then. */
  warm(): void {
    while (this.workers.length < this.size) this.workers.push(createQrWorker());
  }

  dispose(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
  }

  build(codes: string[], { signal, onProgress }: BuildOptions): Promise<QrZip> {
    this.warm();
    const workers = this.workers;
    const jobId = this.nextJobId++;
    const total = codes.length;
    const files: ArrayBuffer[] = new Array(total);
    let handedOut = 0;
    let rendered = 0;

    return new Promise<QrZip>((resolve, reject) => {
      let lastPng: Blob | null = null;
      const detach = () => {
        signal.removeEventListener('abort', cancel);
        for (const worker of workers) {
          worker.onmessage = null;
          worker.onerror = null;
        }
      };
      const fail = (error: Error) => {
        detach();
        // Workers may be mid-task for this job: replace them rather than wait.
        this.dispose();
        reject(error);
      };
      function cancel() {
        fail(new DOMException('The download was cancelled.', 'AbortError'));
      }
      const send = (worker: Worker, request: WorkerRequest, transfer: Transferable[] = []) =>
        worker.postMessage(request, transfer);
      const handOut = (worker: Worker): boolean => {
        if (handedOut >= total) return false;
        const start = handedOut;
        handedOut = Math.min(total, start + CODES_PER_TASK);
        send(worker, {
          kind: 'render',
          jobId,
          start,
          codes: codes.slice(start, handedOut),
          sizePx: QR.sizePx,
          errorCorrectionLevel: QR.errorCorrectionLevel,
        });
        return true;
      };
      const onMessage = (worker: Worker, message: WorkerResponse) => {
        if (message.jobId !== jobId) return;
        if (message.kind === 'failed') {
          fail(new Error(message.message));
        } else if (message.kind === 'zipped') {
          detach();
          resolve({ zip: message.zip, lastPng: lastPng as Blob });
        } else {
          message.files.forEach((file, i) => (files[message.start + i] = file));
          rendered += message.files.length;
          onProgress({ phase: 'rendering', done: rendered, total });
          if (!handOut(worker) && rendered === total) {
            // Copied before the buffers move to the zipping worker.
            lastPng = new Blob([files[total - 1] as ArrayBuffer], { type: 'image/png' });
            onProgress({ phase: 'zipping', done: total, total });
            const names = files.map((_, i) => QR.fileName(i + 1));
            send(worker, { kind: 'zip', jobId, files, names }, files);
          }
        }
      };

      if (signal.aborted) return cancel();
      signal.addEventListener('abort', cancel);
      for (const worker of workers) {
        worker.onmessage = (event: MessageEvent<WorkerResponse>) => onMessage(worker, event.data);
        worker.onerror = (event) => fail(new Error(event.message || 'A QR worker failed.'));
      }
      for (let round = 0; round < TASKS_IN_FLIGHT; round++) {
        for (const worker of workers) handOut(worker);
      }
      onProgress({ phase: 'rendering', done: 0, total });
    });
  }
}

let sharedPool: QrWorkerPool | null = null;

/** The page's one pool: its workers stay warm between downloads. */
export function getQrWorkerPool(): QrWorkerPool {
  sharedPool ??= new QrWorkerPool();
  return sharedPool;
}
