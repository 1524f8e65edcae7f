import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { loadingOtherPage, toPage, totalCountOf } from '../paged-list';

/** What fetchBaseQuery hands transformResponse: the response with its headers. */
function metaWith(headers: Record<string, string>): FetchBaseQueryMeta {
  return {
    request: new Request('http://panel.test/api/v0/list'),
    response: new Response('[]', { headers }),
  };
}

describe('totalCountOf', () => {
  it('reads X-Total-Count, whatever its case', () => {
    expect(totalCountOf(metaWith({ 'X-Total-Count': '1234' }))).toBe(1234);
    expect(totalCountOf(metaWith({ 'x-total-count': '0' }))).toBe(0);
  });

  it('is null without the header, or with one that is not a count', () => {
    expect(totalCountOf(undefined)).toBeNull();
    expect(totalCountOf(metaWith({}))).toBeNull();
    for (const bad of ['', ' ', 'many', '-1', '2.5', '1e400']) {
      expect(totalCountOf(metaWith({ 'X-Total-Count': bad }))).toBeNull();
    }
  });
});

describe('toPage', () => {
  const rows = ['a', 'b', 'c'];

  it('takes the total from the header', () => {
    expect(toPage(rows, metaWith({ 'X-Total-Count': '40' }), { limit: 3, offset: 6 })).toEqual({
      items: rows,
      total: 40,
    });
  });

  it('without the header, counts the rows so far and one more when the page is full', () => {
    expect(toPage(rows, metaWith({}), { limit: 3, offset: 6 })).toEqual({ items: rows, total: 10 });
    expect(toPage(rows, metaWith({}), { limit: 5, offset: 10 })).toEqual({
      items: rows,
      total: 13,
    });
    expect(toPage([], undefined, { limit: 5, offset: 0 })).toEqual({ items: [], total: 0 });
  });
});

describe('loadingOtherPage', () => {
  it('is true while another page than the one shown loads', () => {
    expect(loadingOtherPage({ isFetching: true, currentData: undefined })).toBe(true);
  });

  it('is false while the page shown reloads (a live event) or nothing loads', () => {
    expect(loadingOtherPage({ isFetching: true, currentData: { items: [], total: 0 } })).toBe(
      false,
    );
    expect(loadingOtherPage({ isFetching: false, currentData: undefined })).toBe(false);
  });
});
