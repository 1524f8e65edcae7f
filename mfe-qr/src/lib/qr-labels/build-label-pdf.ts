import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from 'pdf-lib';

import { type LabelSheet, labelContent, labelSlot, pageCount } from './label-layout';
import { pngImageData } from './png-image-data';

export interface LabelPdfInput {
  codes: string[];
  /** Each code's QR image, in the codes' order: the zip's PNGs (lib/qr-zip/qr-png.ts). */
  pngs: Uint8Array[];
  /** The container type as people read it (its label, not its key). */
  typeLabel: string;
  sheet: LabelSheet;
  /** The document's title, shown by PDF viewers. */
  title: string;
}

const CODE_FONT_MAX = 11;
const TYPE_FONT_MAX = 9;
const MIN_FONT = 5;
const LINE_GAP = 0.35;
const INK = rgb(0, 0, 0);

/** The QR's PNG as an image XObject: its IDAT data is the stream, with PNG predictors. */
function embedQr(doc: PDFDocument, png: Uint8Array) {
  const { width, height, deflated } = pngImageData(png);
  const stream = doc.context.stream(deflated, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: 1, BitsPerComponent: 1, Columns: width },
  });
  return doc.context.register(stream);
}

/**
 * The standard fonts carry only WinAnsi characters, and embedding a Unicode
 * font would add a font parser to the worker: a character they lack is
 * written without its accent when that helps (NFD), else as "?".
 */
function printable(text: string, known: Set<number>): string {
  return Array.from(text, (char) => {
    if (known.has(char.codePointAt(0) as number)) return char;
    const base = char.normalize('NFD')[0] as string;
    return known.has(base.codePointAt(0) as number) ? base : '?';
  }).join('');
}

/** The largest size up to `max` at which `text` fits `width`, and the text, cut with "…" if even MIN_FONT is too wide. */
function fit(text: string, font: PDFFont, width: number, max: number) {
  const size = Math.max(MIN_FONT, Math.min(max, (width / font.widthOfTextAtSize(text, 1)) * 0.999));
  let fitted = text;
  while (fitted.length > 1 && font.widthOfTextAtSize(fitted, size) > width) {
    fitted = `${fitted.slice(0, -2)}…`;
  }
  return { text: fitted, size };
}

function drawQr(page: PDFPage, name: PDFName, box: { x: number; y: number; width: number }) {
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(box.width, 0, 0, box.width, box.x, box.y),
    drawObject(name),
    popGraphicsState(),
  );
}

/** One PDF of label sheets: each label the code's QR, the code in readable text and the container type. */
export async function buildLabelPdf(input: LabelPdfInput): Promise<Uint8Array> {
  const { codes, pngs, sheet } = input;
  if (pngs.length !== codes.length) throw new Error('Expected one QR image per code');
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator('Lending panel');
  const codeFont = await doc.embedFont(StandardFonts.CourierBold);
  const typeFont = await doc.embedFont(StandardFonts.Helvetica);
  const pages = Array.from({ length: pageCount(sheet, codes.length) }, () =>
    doc.addPage([sheet.pageWidth, sheet.pageHeight]),
  );
  const codeChars = new Set(codeFont.getCharacterSet());
  const typeLabel = printable(input.typeLabel, new Set(typeFont.getCharacterSet()));

  codes.forEach((code, index) => {
    const slot = labelSlot(sheet, index);
    const page = pages[slot.page] as PDFPage;
    const { qr, text } = labelContent(sheet, slot);
    drawQr(page, page.node.newXObject('QR', embedQr(doc, pngs[index] as Uint8Array)), qr);

    const codeLine = fit(printable(code, codeChars), codeFont, text.width, CODE_FONT_MAX);
    const typeLine = fit(typeLabel, typeFont, text.width, Math.min(TYPE_FONT_MAX, codeLine.size));
    // The two lines, centred as a block beside the QR.
    const block = codeLine.size + typeLine.size * (1 + LINE_GAP);
    const top = text.y + (text.height + block) / 2;
    page.drawText(codeLine.text, {
      x: text.x,
      y: top - codeLine.size * 0.8,
      size: codeLine.size,
      font: codeFont,
      color: INK,
    });
    page.drawText(typeLine.text, {
      x: text.x,
      y: top - block + typeLine.size * 0.2,
      size: typeLine.size,
      font: typeFont,
      color: INK,
    });
  });
  // Object streams shrink the many small image dictionaries; the images are compressed already.
  return doc.save({ useObjectStreams: true });
}
