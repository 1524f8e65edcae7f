import { doughnutPercentage } from '../doughnut-percentage';
import { stockRows } from '../stock-rows';

describe('doughnutPercentage', () => {
  it('rounds the share to a whole percentage', () => {
    expect(doughnutPercentage(1, 3)).toBe(33);
    expect(doughnutPercentage(2, 3)).toBe(67);
    expect(doughnutPercentage(1, 8)).toBe(13);
    expect(doughnutPercentage(5, 5)).toBe(100);
  });

  it('shows 0 instead of NaN when there is nothing at all', () => {
    expect(doughnutPercentage(0, 0)).toBe(0);
    expect(doughnutPercentage(undefined, undefined)).toBe(0);
    expect(doughnutPercentage(NaN, 10)).toBe(0);
  });

  it('shows 0 instead of Infinity for a zero whole', () => {
    expect(doughnutPercentage(4, 0)).toBe(0);
  });
});

describe('stockRows', () => {
  it('gives each type its share in stock, labelled from the type map', () => {
    const rows = stockRows(
      {
        shop_packs_by_container_type: { cup: 3, bowl: 0 },
        loans_by_container_type: { cup: 1, box: 2 },
      },
      { cup: 'Coffee cup', bowl: 'Bowl' },
    );
    expect(rows).toEqual([
      { key: 'cup', label: 'Coffee cup', inStock: 3, onLoan: 1, percent: 75, held: true },
      // None of this type at all: "none yet", not 0 %.
      { key: 'bowl', label: 'Bowl', inStock: 0, onLoan: 0, percent: 0, held: false },
      { key: 'box', label: 'box', inStock: 0, onLoan: 2, percent: 0, held: true },
    ]);
  });
});
