import fc from 'fast-check';

import { nearerEnd } from '../src/repositories/paging';

/** The rows a page holds when read as nearerEnd says, put back in the list's order. */
function pageOf(rows: number[], limit: number, offset: number): number[] {
  const read = nearerEnd(limit, offset, rows.length);
  if (!read.reversed) return rows.slice(read.offset, read.offset + read.limit);
  const reversed = [...rows].reverse();
  return reversed.slice(read.offset, read.offset + read.limit).reverse();
}

describe('nearerEnd (a page read from the nearer end of its index)', () => {
  it('gives the same rows as reading from the start, for any page of any list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 700 }),
        (total, limit, offset) => {
          const rows = Array.from({ length: total }, (_, i) => i);
          expect(pageOf(rows, limit, offset)).toEqual(rows.slice(offset, offset + limit));
        },
      ),
    );
  });

  it('reads the last page of 50,000 from the far end, skipping nothing', () => {
    expect(nearerEnd(25, 49_975, 50_000)).toEqual({ reversed: true, limit: 25, offset: 0 });
    expect(nearerEnd(25, 0, 50_000)).toEqual({ reversed: false, limit: 25, offset: 0 });
  });
});
