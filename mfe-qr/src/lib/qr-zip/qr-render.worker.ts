import JSZip from 'jszip';

import type { WorkerRequest, WorkerResponse } from './protocol';
import { encodeQrPng } from './qr-png';

function reply(message: WorkerResponse, transfer: Transferable[] = []) {
  globalThis.postMessage(message, { transfer });
}

async function handle(request: WorkerRequest): Promise<void> {
  if (request.kind === 'render') {
    const files = request.codes.map(
      (code) =>
        encodeQrPng(code, request.sizePx, request.errorCorrectionLevel).buffer as ArrayBuffer,
    );
    reply({ kind: 'rendered', jobId: request.jobId, start: request.start, files }, files);
    return;
  }
  const archive = new JSZip();
  request.files.forEach((file, i) => archive.file(request.names[i] as string, file));
  // PNGs are deflated already: storing them is as small as compressing again, and much faster.
  const zip = await archive.generateAsync({
    type: 'blob',
    compression: 'STORE',
    mimeType: 'application/zip',
  });
  reply({ kind: 'zipped', jobId: request.jobId, zip });
}

globalThis.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  handle(event.data).catch((error: unknown) =>
    reply({
      kind: 'failed',
      jobId: event.data.jobId,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
});
