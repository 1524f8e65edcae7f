import { buildLabelPdf } from './build-label-pdf';
import { LABEL_SHEETS } from './label-layout';
import type { LabelsRequest, LabelsResponse } from './protocol';

function reply(message: LabelsResponse, transfer: Transferable[] = []) {
  globalThis.postMessage(message, { transfer });
}

async function handle(request: LabelsRequest): Promise<void> {
  const { jobId } = request;
  const pdf = await buildLabelPdf({
    codes: request.codes,
    pngs: request.pngs.map((png) => new Uint8Array(png)),
    typeLabel: request.typeLabel,
    sheet: LABEL_SHEETS[request.sheetId],
    title: request.title,
  });
  const buffer = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
  reply({ kind: 'built', jobId, pdf: buffer }, [buffer]);
}

globalThis.addEventListener('message', (event: MessageEvent<LabelsRequest>) => {
  handle(event.data).catch((error: unknown) =>
    reply({
      kind: 'failed',
      jobId: event.data.jobId,
      message: error instanceof Error ? error.message : String(error),
    }),
  );
});
