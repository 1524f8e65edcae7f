import type { Shop } from '@panel/shared';

import { DEFAULT_SORT, filterAndSort, matchesSearch, nextSort } from '../utils/shop-table';

function shop(
  id: number,
  name: string,
  email: string,
  phone: string,
  created = '2025-06-01',
): Shop {
  return {
    id,
    name,
    email,
    phone,
    logo: null,
    created_date: created,
    status: 'active',
    x_gis: null,
    y_gis: null,
  };
}

const shops = [
  shop(1, 'Green Cafe', 'shop@example.com', '+44 20 7946 0000', '2025-01-01'),
  shop(3, 'eco deli', 'deli@example.com', '+1 555 000123', '2025-03-01'),
  shop(2, 'Fresh Market', 'market@example.org', '030 1234', '2025-02-01'),
];

describe('search', () => {
  it('matches name, e-mail and phone, ignoring case', () => {
    expect(matchesSearch(shops[0] as Shop, 'GREEN')).toBe(true);
    expect(matchesSearch(shops[2] as Shop, 'example.org')).toBe(true);
    expect(matchesSearch(shops[1] as Shop, '555 000')).toBe(true);
    expect(matchesSearch(shops[0] as Shop, 'deli')).toBe(false);
  });

  it('matches phones on their digits alone', () => {
    expect(matchesSearch(shops[0] as Shop, '2079')).toBe(true);
    expect(matchesSearch(shops[0] as Shop, '(20) 79')).toBe(true);
  });

  it('an empty or blank search keeps every shop', () => {
    expect(filterAndSort(shops, '  ', DEFAULT_SORT)).toHaveLength(3);
  });
});

describe('sorting', () => {
  const ids = (query: string, order = DEFAULT_SORT) =>
    filterAndSort(shops, query, order).map((s) => s.id);

  it('is newest id first by default (spec)', () => {
    expect(ids('')).toEqual([3, 2, 1]);
  });

  it('sorts text without regard to case, and reverses on a second click', () => {
    const byName = nextSort(DEFAULT_SORT, 'name');
    expect(byName).toEqual({ key: 'name', direction: 'ascending' });
    expect(ids('', byName)).toEqual([3, 2, 1]);
    expect(ids('', nextSort(byName, 'name'))).toEqual([1, 2, 3]);
  });

  it('sorts join dates newest first on the first click', () => {
    const byDate = nextSort(DEFAULT_SORT, 'created_date');
    expect(ids('', byDate)).toEqual([3, 2, 1]);
  });

  it('filters before sorting and leaves the input as it was', () => {
    const input = [...shops];
    expect(ids('example.com')).toEqual([3, 1]);
    expect(shops).toEqual(input);
  });
});
