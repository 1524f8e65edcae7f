import { filterOf, pageOf, withFilter, withoutFilters } from '../utils/audit-filter';

const params = (query: string) => new URLSearchParams(query);

describe('the audit filters in the address', () => {
  it('keeps only values the API takes', () => {
    expect(
      filterOf(
        params(
          'actor_role=shop&actor=12&action=login.failure&shop=4&from=2025-01-01&to=2025-01-31',
        ),
      ),
    ).toEqual({
      actor_role: 'shop',
      actor: 12,
      action: 'login.failure',
      shop: 4,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(
      filterOf(params('actor=12&action=drop&shop=0&from=yesterday&to=2025-1-1&actor_role=root')),
    ).toEqual({});
    expect(filterOf(params('shop=99999999999'))).toEqual({});
  });

  it('reads the page, 1 unless a page number', () => {
    expect(pageOf(params('page=3'))).toBe(3);
    expect(pageOf(params('page=0'))).toBe(1);
    expect(pageOf(params(''))).toBe(1);
  });

  it('goes back to the first page when a filter changes, and drops the actor with its role', () => {
    const next = withFilter(params('actor_role=shop&actor=3&page=4'), 'actor_role', '');
    expect(next.toString()).toBe('');
    expect(withFilter(params('page=2'), 'shop', ' 7 ').toString()).toBe('shop=7');
    expect(withoutFilters(params('shop=7&action=loan.lend&page=2&other=1')).toString()).toBe(
      'other=1',
    );
  });
});
