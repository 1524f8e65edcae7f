/**
 * Messages between the page and the QR render workers. The worker gets its
 * settings in the messages rather than importing @panel/shared: that package
 * is a federation singleton, which a worker (with no share scope) cannot load.
 */
export type WorkerRequest =
  /** Render each code as a sizePx × sizePx PNG; the files answer in the codes' order. */
  | {
      kind: 'render';
      jobId: number;
      start: number;
      codes: string[];
      sizePx: number;
      errorCorrectionLevel: 'H';
    }
  /** Put the rendered files into one zip under the given names, in order. */
  | { kind: 'zip'; jobId: number; files: ArrayBuffer[]; names: string[] };

export type WorkerResponse =
  | { kind: 'rendered'; jobId: number; start: number; files: ArrayBuffer[] }
  | { kind: 'zipped'; jobId: number; zip: Blob }
  | { kind: 'failed'; jobId: number; message: string };
