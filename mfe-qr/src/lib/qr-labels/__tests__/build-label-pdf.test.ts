import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

import { encodeQrPng, qrScanlines } from '../../qr-zip/qr-png';
import { buildLabelPdf } from '../build-label-pdf';
import { LABEL_SHEETS, type LabelSheetId } from '../label-layout';

const codes = Array.from({ length: 30 }, (_, i) => `code${String(i).padStart(12, '0')}`);

const pngs = codes.map((code) => encodeQrPng(code, 256, 'H'));

async function build(sheetId: LabelSheetId, typeLabel = 'Cup 350 ml') {
  const bytes = await buildLabelPdf({
    codes,
    pngs,
    typeLabel,
    sheet: LABEL_SHEETS[sheetId],
    title: 'QR labels, batch #7',
  });
  return PDFDocument.load(bytes);
}

/** Each page's image XObjects, in the order the page lists them. */
function imagesOf(pdf: PDFDocument) {
  return pdf.getPages().map((page) => {
    const xObjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    return xObjects
      .values()
      .map((ref) => pdf.context.lookup(ref))
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  });
}

describe('buildLabelPdf', () => {
  it.each([
    ['a4-3x8', [24, 6]],
    ['letter-3x10', [30]],
  ] as const)('lays 30 codes on %s as pages of %j labels', async (sheetId, perPage) => {
    const pdf = await build(sheetId);
    const sheet = LABEL_SHEETS[sheetId];
    expect(pdf.getPageCount()).toBe(perPage.length);
    for (const page of pdf.getPages()) {
      expect(page.getSize()).toEqual({ width: sheet.pageWidth, height: sheet.pageHeight });
    }
    expect(imagesOf(pdf).map((images) => images.length)).toEqual(perPage);
    expect(pdf.getTitle()).toBe('QR labels, batch #7');
  });

  it("embeds each code's image as the zip PNG's 1-bit rows, in the codes' order", async () => {
    const pdf = await build('a4-3x8');
    const images = imagesOf(pdf).flat();
    images.forEach((image, i) => {
      const get = (key: string) => image.dict.get(PDFName.of(key));
      expect(get('Width')).toEqual(PDFNumber.of(256));
      expect(get('ColorSpace')).toBe(PDFName.of('DeviceGray'));
      expect(get('BitsPerComponent')).toEqual(PDFNumber.of(1));
      expect(get('Filter')).toBe(PDFName.of('FlateDecode'));
      expect(Buffer.from(inflateSync(image.contents))).toEqual(
        Buffer.from(qrScanlines(codes[i]!, 256, 'H')),
      );
    });
  });

  it('refuses images that do not match the codes one to one', async () => {
    await expect(
      buildLabelPdf({
        codes,
        pngs: pngs.slice(1),
        typeLabel: 'Cup',
        sheet: LABEL_SHEETS['a4-3x8'],
        title: 'QR labels',
      }),
    ).rejects.toThrow('Expected one QR image per code');
  });

  it('writes a type label the standard fonts lack without failing', async () => {
    const pdf = await build('letter-3x10', 'Żółw bowl 中 — a very long container type name indeed');
    expect(pdf.getPageCount()).toBe(1);
  });
});
