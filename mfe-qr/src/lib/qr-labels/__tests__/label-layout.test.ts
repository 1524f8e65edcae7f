import {
  LABEL_SHEETS,
  labelContent,
  labelSlot,
  labelsPerPage,
  pageCount,
  type LabelSheet,
} from '../label-layout';

const sheets = Object.values(LABEL_SHEETS);
const POINTS_PER_MM = 72 / 25.4;
/** Rounding slack: positions are sums of products of mm or inch figures. */
const EPSILON = 1e-6;

function allSlots(sheet: LabelSheet) {
  return Array.from({ length: labelsPerPage(sheet) }, (_, i) => labelSlot(sheet, i));
}

describe('label sheets', () => {
  it('are A4 3 × 8 of 70 × 37 mm and US Letter 3 × 10 of 2.625 × 1 in (Avery 5160)', () => {
    const a4 = LABEL_SHEETS['a4-3x8'];
    expect([a4.pageWidth / POINTS_PER_MM, a4.pageHeight / POINTS_PER_MM]).toEqual([
      expect.closeTo(210),
      expect.closeTo(297),
    ]);
    expect([a4.labelWidth / POINTS_PER_MM, a4.labelHeight / POINTS_PER_MM]).toEqual([
      expect.closeTo(70),
      expect.closeTo(37),
    ]);
    expect(labelsPerPage(a4)).toBe(24);
    const letter = LABEL_SHEETS['letter-3x10'];
    expect([letter.pageWidth, letter.pageHeight]).toEqual([612, 792]);
    expect([letter.labelWidth, letter.labelHeight]).toEqual([189, 72]);
    expect(labelsPerPage(letter)).toBe(30);
  });

  it.each([
    [1, 1, 1],
    [24, 1, 1],
    [25, 2, 1],
    [30, 2, 1],
    [31, 2, 2],
    [1000, 42, 34],
    [10_000, 417, 334],
  ])('puts %i codes on %i A4 pages and %i Letter pages', (codes, a4Pages, letterPages) => {
    expect(pageCount(LABEL_SHEETS['a4-3x8'], codes)).toBe(a4Pages);
    expect(pageCount(LABEL_SHEETS['letter-3x10'], codes)).toBe(letterPages);
  });
});

describe.each(sheets)('labelSlot on $id', (sheet) => {
  it('keeps every label inside the page and inside the sheet margins', () => {
    const margin = { bottom: sheet.pageHeight - sheet.marginTop - sheet.rows * sheet.pitchY };
    for (const slot of allSlots(sheet)) {
      expect(slot.page).toBe(0);
      expect(slot.x).toBeGreaterThanOrEqual(sheet.marginLeft - EPSILON);
      expect(slot.x + slot.width).toBeLessThanOrEqual(sheet.pageWidth - sheet.marginLeft + EPSILON);
      expect(slot.y).toBeGreaterThanOrEqual(margin.bottom - EPSILON);
      expect(slot.y + slot.height).toBeLessThanOrEqual(
        sheet.pageHeight - sheet.marginTop + EPSILON,
      );
    }
  });

  it('fills each row left to right, then the rows top to bottom, with no two labels overlapping', () => {
    const slots = allSlots(sheet);
    expect(slots[0]).toMatchObject({ x: sheet.marginLeft });
    expect(slots[0]!.y + sheet.labelHeight).toBeCloseTo(sheet.pageHeight - sheet.marginTop);
    expect(slots[1]!.x - slots[0]!.x).toBeCloseTo(sheet.pitchX);
    expect(slots[1]!.y).toBe(slots[0]!.y);
    expect(slots[sheet.columns]!.x).toBe(slots[0]!.x);
    expect(slots[0]!.y - slots[sheet.columns]!.y).toBeCloseTo(sheet.pitchY);
    for (const [i, a] of slots.entries()) {
      for (const b of slots.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x + EPSILON ||
          b.x + b.width <= a.x + EPSILON ||
          a.y + a.height <= b.y + EPSILON ||
          b.y + b.height <= a.y + EPSILON;
        expect(apart).toBe(true);
      }
    }
  });

  it('starts a new page at the same place after a full one', () => {
    const perPage = labelsPerPage(sheet);
    const { page, ...first } = labelSlot(sheet, 0);
    expect(labelSlot(sheet, perPage)).toEqual({ ...first, page: page + 1 });
    expect(labelSlot(sheet, 2 * perPage + 4)).toEqual({ ...labelSlot(sheet, 4), page: 2 });
    expect(labelSlot(sheet, perPage - 1).page).toBe(0);
  });

  it('keeps the QR and the text inside the label, within its padding, side by side', () => {
    for (const slot of allSlots(sheet)) {
      const { qr, text } = labelContent(sheet, slot);
      expect(qr.width).toBe(qr.height);
      expect(qr.width).toBeGreaterThan(0);
      for (const box of [qr, text]) {
        expect(box.x).toBeGreaterThanOrEqual(slot.x + sheet.padding - EPSILON);
        expect(box.y).toBeGreaterThanOrEqual(slot.y + sheet.padding - EPSILON);
        expect(box.x + box.width).toBeLessThanOrEqual(
          slot.x + slot.width - sheet.padding + EPSILON,
        );
        expect(box.y + box.height).toBeLessThanOrEqual(
          slot.y + slot.height - sheet.padding + EPSILON,
        );
      }
      expect(text.x).toBeGreaterThan(qr.x + qr.width);
      // Room for a 16-character code at 8 pt in Courier (0.6 em a character).
      expect(text.width).toBeGreaterThanOrEqual(16 * 0.6 * 8);
    }
  });
});
