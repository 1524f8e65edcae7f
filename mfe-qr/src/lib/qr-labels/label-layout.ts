/**
 * Label sheets and where each label sits on them, in PDF points (1/72 in)
 * with the origin at the page's bottom left, as pdf-lib draws. Pure maths:
 * the worker, the Node bench and the tests all use these same numbers.
 */
const POINTS_PER_INCH = 72;
const POINTS_PER_MM = POINTS_PER_INCH / 25.4;
const mm = (value: number) => value * POINTS_PER_MM;
const inch = (value: number) => value * POINTS_PER_INCH;

export type LabelSheetId = 'a4-3x8' | 'letter-3x10';

export interface LabelSheet {
  id: LabelSheetId;
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  /** From the page's left edge to the first column's left edge. */
  marginLeft: number;
  /** From the page's top edge to the first row's top edge. */
  marginTop: number;
  /** From one column's (row's) edge to the next one's: the label plus the gap. */
  pitchX: number;
  pitchY: number;
  /**
   * Blank border inside each label: die-cut labels shift by a millimetre or
   * two in a printer, and A4 3 × 8 sheets run to the page's side edges, where
   * most printers cannot print.
   */
  padding: number;
}

export const LABEL_SHEETS: Record<LabelSheetId, LabelSheet> = {
  // 24 labels of 70 × 37 mm on A4 (210 × 297 mm), edge to edge across, 0.5 mm above and below.
  'a4-3x8': {
    id: 'a4-3x8',
    pageWidth: mm(210),
    pageHeight: mm(297),
    columns: 3,
    rows: 8,
    labelWidth: mm(70),
    labelHeight: mm(37),
    marginLeft: 0,
    marginTop: mm(0.5),
    pitchX: mm(70),
    pitchY: mm(37),
    padding: mm(4),
  },
  // Avery 5160: 30 labels of 2.625 × 1 in on US Letter, 3/16 in at the sides,
  // 1/8 in between columns, 1/2 in above and below.
  'letter-3x10': {
    id: 'letter-3x10',
    pageWidth: inch(8.5),
    pageHeight: inch(11),
    columns: 3,
    rows: 10,
    labelWidth: inch(2.625),
    labelHeight: inch(1),
    marginLeft: inch(0.1875),
    marginTop: inch(0.5),
    pitchX: inch(2.75),
    pitchY: inch(1),
    padding: inch(0.08),
  },
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelSlot extends Box {
  /** 0-based page the label is on. */
  page: number;
}

export function labelsPerPage(sheet: LabelSheet): number {
  return sheet.columns * sheet.rows;
}

export function pageCount(sheet: LabelSheet, labels: number): number {
  return Math.ceil(labels / labelsPerPage(sheet));
}

/** Where the label of the `index`-th code goes: across each row, then down, then the next page. */
export function labelSlot(sheet: LabelSheet, index: number): LabelSlot {
  const perPage = labelsPerPage(sheet);
  const onPage = index % perPage;
  const column = onPage % sheet.columns;
  const row = Math.floor(onPage / sheet.columns);
  return {
    page: Math.floor(index / perPage),
    x: sheet.marginLeft + column * sheet.pitchX,
    y: sheet.pageHeight - sheet.marginTop - row * sheet.pitchY - sheet.labelHeight,
    width: sheet.labelWidth,
    height: sheet.labelHeight,
  };
}

export interface LabelContent {
  /** The QR image: a square as tall as the label inside its padding, at the left. */
  qr: Box;
  /** The text column right of the QR: the code, and the container type below it. */
  text: Box;
}

/** The gap between the QR and the text, as a share of the QR's side. */
const TEXT_GAP = 0.1;

export function labelContent(sheet: LabelSheet, slot: Box): LabelContent {
  const side = slot.height - 2 * sheet.padding;
  const qr = { x: slot.x + sheet.padding, y: slot.y + sheet.padding, width: side, height: side };
  const textX = qr.x + side + side * TEXT_GAP;
  return {
    qr,
    text: {
      x: textX,
      y: qr.y,
      width: slot.x + slot.width - sheet.padding - textX,
      height: side,
    },
  };
}
