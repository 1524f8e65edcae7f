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
 * The label sheets (issue 32) take the same PNGs from `render`.
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

  /** Renders the codes to PNG files on every worker; the files answer in the codes' order. */
  render(codes: string[], { signal, onProgress }: BuildOptions): Promise<ArrayBuffer[]> {
    this.warm();
    const workers = this.workers;
    const jobId = this.nextJobId++;
    const total = codes.length;
    const files: ArrayBuffer[] = new Array(total);
    let handedOut = 0;
    let rendered = 0;

    return new Promise<ArrayBuffer[]>((resolve, reject) => {
      const { detach, fail } = this.listen(workers, signal, reject);
      const handOut = (worker: Worker): boolean => {
        if (handedOut >= total) return false;
        const start = handedOut;
        handedOut = Math.min(total, start + CODES_PER_TASK);
        const request: WorkerRequest = {
          kind: 'render',
          jobId,
          start,
          codes: codes.slice(start, handedOut),
          sizePx: QR.sizePx,
          errorCorrectionLevel: QR.errorCorrectionLevel,
        };
        worker.postMessage(request);
        return true;
      };
      const onMessage = (worker: Worker, message: WorkerResponse) => {
        if (message.jobId !== jobId) return;
        if (message.kind === 'failed') return fail(new Error(message.message));
        if (message.kind !== 'rendered') return;
        message.files.forEach((file, i) => (files[message.start + i] = file));
        rendered += message.files.length;
        onProgress({ phase: 'rendering', done: rendered, total });
        if (!handOut(worker) && rendered === total) {
          detach();
          resolve(files);
        }
      };

      if (signal.aborted) return;
      for (const worker of workers) {
        worker.onmessage = (event: MessageEvent<WorkerResponse>) => onMessage(worker, event.data);
      }
      for (let round = 0; round < TASKS_IN_FLIGHT; round++) {
        for (const worker of workers) handOut(worker);
      }
      onProgress({ phase: 'rendering', done: 0, total });
    });
  }

  /** Renders the codes, then zips the PNGs in one worker as qr_code_{n}.png. */
  async build(codes: string[], { signal, onProgress }: BuildOptions): Promise<QrZip> {
    const files = await this.render(codes, { signal, onProgress });
    const total = files.length;
    // Copied before the buffers move to the zipping worker.
    const lastPng = new Blob([files[total - 1] as ArrayBuffer], { type: 'image/png' });
    onProgress({ phase: 'zipping', done: total, total });
    this.warm();
    const worker = this.workers[0] as Worker;
    const jobId = this.nextJobId++;
    const zip = await new Promise<Blob>((resolve, reject) => {
      const { detach, fail } = this.listen([worker], signal, reject);
      if (signal.aborted) return;
      worker.onmessage = ({ data }: MessageEvent<WorkerResponse>) => {
        if (data.jobId !== jobId) return;
        if (data.kind === 'failed') return fail(new Error(data.message));
        if (data.kind !== 'zipped') return;
        detach();
        resolve(data.zip);
      };
      const names = files.map((_, i) => QR.fileName(i + 1));
      const request: WorkerRequest = { kind: 'zip', jobId, files, names };
      worker.postMessage(request, files);
    });
    return { zip, lastPng };
  }

  /**
   * Cancel and failure for one job on `workers`: either detaches the job's
   * handlers, replaces the workers (they may be mid-task for it: replacing is
   * quicker than waiting) and rejects. The caller sets `onmessage`.
   */
  private listen(workers: Worker[], signal: AbortSignal, reject: (error: Error) => void) {
    const detach = () => {
      signal.removeEventListener('abort', cancel);
      for (const worker of workers) {
        worker.onmessage = null;
        worker.onerror = null;
      }
    };
    const fail = (error: Error) => {
      detach();
      this.dispose();
      reject(error);
    };
    function cancel() {
      fail(new DOMException('The download was cancelled.', 'AbortError'));
    }
    if (signal.aborted) {
      cancel();
    } else {
      signal.addEventListener('abort', cancel);
      for (const worker of workers) {
        worker.onerror = (event) => fail(new Error(event.message || 'A QR worker failed.'));
      }
    }
    return { detach, fail };
  }
}

let sharedPool: QrWorkerPool | null = null;

/** The page's one pool: its workers stay warm between downloads. */
export function getQrWorkerPool(): QrWorkerPool {
  sharedPool ??= new QrWorkerPool();
  return sharedPool;
}
