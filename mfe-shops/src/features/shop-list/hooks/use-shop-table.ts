import { useDeferredValue, useMemo, useState } from 'react';

import {
  DEFAULT_SORT,
  filterAndSort,
  nextSort,
  PAGE_SIZE,
  pageCount,
  type ShopRowData,
  type SortKey,
  type SortOrder,
} from '../utils/shop-table';

/**
 * Search, sort and paging of the whole list in the browser: the API sends
 * all shops at once (2,000 is a few hundred kB), and filtering that many
 * takes a millisecond or two. The deferred query keeps typing responsive.
 */
export function useShopTable(shops: readonly ShopRowData[] | undefined) {
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const deferredQuery = useDeferredValue(query);

  const rows = useMemo(
    () => filterAndSort(shops ?? [], deferredQuery, order),
    [shops, deferredQuery, order],
  );
  const pages = pageCount(rows.length);
  // A reload or a narrower search can leave the page past the end.
  const current = Math.min(page, pages);
  const pageRows = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return {
    query,
    search: (text: string) => {
      setQuery(text);
      setPage(1);
    },
    order,
    sortBy: (key: SortKey) => {
      setOrder((previous) => nextSort(previous, key));
      setPage(1);
    },
    rows,
    pageRows,
    page: current,
    pages,
    goTo: setPage,
    stale: deferredQuery !== query,
  };
}
