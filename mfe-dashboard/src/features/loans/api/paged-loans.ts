import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Loan } from '@panel/shared';

export interface PageArgs {
  limit: number;
  offset: number;
}

export interface LoanPage {
  items: Loan[];
  /** All rows of the list, from X-Total-Count. */
  total: number;
}

/**
 * Builds one page from the rows and the X-Total-Count header. Without the
 * header the count is what can be proven: the rows seen so far, plus one more
 * page when this page is full.
 */
export function toLoanPage(items: Loan[], meta: unknown, { limit, offset }: PageArgs): LoanPage {
  const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('X-Total-Count');
  const total = header === null || header === undefined ? NaN : Number(header);
  if (Number.isFinite(total)) return { items, total };
  return { items, total: offset + items.length + (items.length === limit ? 1 : 0) };
}
