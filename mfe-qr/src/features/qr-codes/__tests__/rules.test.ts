import { LIMITS } from '@panel/shared';

import { filterOptions, toOptions } from '../utils/options';
import { isOverMaximum, isQuantityInput, isSelectionComplete } from '../utils/quantity';

const countries = toOptions({
  France: 'France',
  Germany: 'Germany',
  'United Kingdom': 'United Kingdom',
});

describe('filterOptions', () => {
  it('keeps options whose lowercased label contains the typed text', () => {
    expect(filterOptions(countries, 'an').map((o) => o.value)).toEqual(['France', 'Germany']);
    expect(filterOptions(countries, 'd k').map((o) => o.value)).toEqual(['United Kingdom']);
  });

  it('matches the text as typed, so capitals find nothing', () => {
    expect(filterOptions(countries, 'Fr')).toEqual([]);
  });

  it('keeps every option for empty text', () => {
    expect(filterOptions(countries, '')).toHaveLength(3);
  });
});

describe('quantity rules', () => {
  it.each([
    ['', true],
    ['0', true],
    ['12', true],
    ['-1', false],
    ['1.5', false],
    ['1e3', false],
    ['a', false],
  ])('lets %p into the field: %p', (text, accepted) => {
    expect(isQuantityInput(text)).toBe(accepted);
  });

  it('refuses more than the maximum per batch', () => {
    expect(isOverMaximum(String(LIMITS.qrMaxQuantity))).toBe(false);
    expect(isOverMaximum(String(LIMITS.qrMaxQuantity + 1))).toBe(true);
  });

  it.each([
    [{ country: 'France', type: 'cup', quantity: '5' }, true],
    [{ country: null, type: 'cup', quantity: '5' }, false],
    [{ country: 'France', type: null, quantity: '5' }, false],
    [{ country: 'France', type: 'cup', quantity: '' }, false],
    [{ country: 'France', type: 'cup', quantity: '0' }, false],
    [{ country: 'France', type: 'cup', quantity: '00' }, false],
    [{ country: 'France', type: 'cup', quantity: '10001' }, false],
  ])('selection %p is complete: %p', (selection, complete) => {
    expect(isSelectionComplete(selection)).toBe(complete);
  });
});
