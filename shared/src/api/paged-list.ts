import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { TOTAL_COUNT_HEADER } from '../contract/paging';

export interface PageArgs {
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: T[];
  /** Items of the whole list, from X-Total-Count. */
  total: number;
}

/** The whole list's size from the X-Total-Count header, or null when the answer carries none. */
export function totalCountOf(meta: unknown): number | null {
  const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(
    TOTAL_COUNT_HEADER,
  );
  if (header === null || header === undefined || header.trim() === '') return null;
  const total = Number(header);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

/**
 * One page of a paged list, for an endpoint's transformResponse: the rows
 * and the X-Total-Count header. Without the header the count is what can be
 * proven: the rows up to this page, plus one when this page is full (so a
 * pager still offers the next page).
 */
export function toPage<T>(items: T[], meta: unknown, { limit, offset }: PageArgs): Page<T> {
  const total = totalCountOf(meta);
  if (total !== null) return { items, total };
  return { items, total: offset + items.length + (items.length === limit ? 1 : 0) };
}

/**
 * Whether a paged query is loading another page (or filter) than the one
 * shown: what a pager waits for. A reload of the shown page (a live event)
 * keeps `currentData`, and must not take the pager's buttons away under
 * the user's click.
 */
export function loadingOtherPage(query: { isFetching: boolean; currentData?: unknown }): boolean {
  return query.isFetching && query.currentData === undefined;
}
