import { LIMITS } from '@panel/shared';

import {
  decrement,
  increment,
  requestLines,
  totalQuantity,
  typedQuantity,
} from '../utils/quantity';
import { resolveTab, TABS } from '../utils/tabs';

describe('quantity rules (spec section 5)', () => {
  it('stops plus at 99 and minus at 0', () => {
    expect(increment(98)).toBe(99);
    expect(increment(LIMITS.requestQuantityMax)).toBe(99);
    expect(decrement(1)).toBe(0);
    expect(decrement(LIMITS.requestQuantityMin)).toBe(0);
  });

  it.each([
    ['0', 5, 0],
    ['99', 5, 99],
    ['42', 5, 42],
    ['', 5, 0],
    ['100', 5, 5],
    ['-1', 5, 5],
    ['2.5', 5, 5],
    ['1e1', 5, 10],
    ['abc', 5, 5],
  ])('typing %p over %p leaves %p', (text, previous, expected) => {
    expect(typedQuantity(text, previous)).toBe(expected);
  });

  it('sums the total and sends only the types above zero, in the types order', () => {
    const quantities = { cup: 3, bowl: 0, box: 2 };
    expect(totalQuantity(quantities)).toBe(5);
    expect(requestLines(quantities, ['bottle', 'bowl', 'box', 'cup'])).toEqual([
      { container_type: 'box', count: 2 },
      { container_type: 'cup', count: 3 },
    ]);
  });
});

describe('tabs per role', () => {
  it('gives the shop the main and Cancelled tabs and the super admin neither', () => {
    expect(TABS.shop.map((t) => t.page)).toEqual([
      'main',
      'pending',
      'accepted',
      'denied',
      'cancelled',
    ]);
    expect(TABS.provider.map((t) => t.page)).toEqual(['pending', 'accepted', 'denied']);
  });

  it("opens the super admin's Pending list for page=main and unknown pages", () => {
    expect(resolveTab('provider', 'main')).toBe('pending');
    expect(resolveTab('provider', null)).toBe('pending');
    expect(resolveTab('provider', 'denied')).toBe('denied');
    expect(resolveTab('shop', 'main')).toBe('main');
    expect(resolveTab('shop', 'nonsense')).toBe('main');
    expect(resolveTab('shop', 'accepted')).toBe('accepted');
  });
});
