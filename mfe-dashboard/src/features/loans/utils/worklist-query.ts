/** The work-list's view of the open loans (GET /pack/containers/loans). */
export type LoanFilter = 'all' | 'overdue' | 'due_soon' | 'no_due_date';
export type LoanSort = 'given' | 'due' | 'client';
export type SortOrder = 'asc' | 'desc';

export interface WorklistQuery {
  filter: LoanFilter;
  search: string;
  sort: LoanSort;
  order: SortOrder;
}

/** What the API is sent for a view; nothing for the default one. */
export type ListParams = Partial<Record<keyof WorklistQuery, string>>;

export const LOAN_FILTERS: readonly LoanFilter[] = ['all', 'overdue', 'due_soon', 'no_due_date'];
const SORTS: readonly LoanSort[] = ['given', 'due', 'client'];

/** The API's own order without parameters: newest given first. */
export const DEFAULT_QUERY: WorklistQuery = {
  filter: 'all',
  search: '',
  sort: 'given',
  order: 'desc',
};

/** The first way a column sorts: the newest given, the soonest due, clients A to Z. */
const FIRST_ORDER: Record<LoanSort, SortOrder> = { given: 'desc', due: 'asc', client: 'asc' };

const pick = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.includes(raw as T) ? (raw as T) : fallback;

/** The view kept in the address (?filter=&q=&sort=&order=), so a reload or a link keeps it. */
export function readWorklistQuery(params: URLSearchParams): WorklistQuery {
  const sort = pick(SORTS, params.get('sort'), DEFAULT_QUERY.sort);
  return {
    filter: pick(LOAN_FILTERS, params.get('filter'), DEFAULT_QUERY.filter),
    search: params.get('q') ?? '',
    sort,
    order: pick(['asc', 'desc'] as const, params.get('order'), FIRST_ORDER[sort]),
  };
}

/** The address's parameters for a view and page: only what differs from the defaults. */
export function worklistParams(query: WorklistQuery, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.filter !== DEFAULT_QUERY.filter) params.filter = query.filter;
  if (query.search.trim()) params.q = query.search;
  if (query.sort !== DEFAULT_QUERY.sort || query.order !== FIRST_ORDER[query.sort]) {
    params.sort = query.sort;
    params.order = query.order;
  }
  if (page > 1) params.page = String(page);
  return params;
}

/**
 * The API's parameters for a view. The default view sends none, so the plain
 * list (and its kept pages) answers it.
 */
export function apiParams(query: WorklistQuery): ListParams {
  const search = query.search.trim();
  const isDefault =
    query.filter === DEFAULT_QUERY.filter &&
    !search &&
    query.sort === DEFAULT_QUERY.sort &&
    query.order === DEFAULT_QUERY.order;
  if (isDefault) return {};
  return {
    filter: query.filter,
    ...(search ? { search } : {}),
    sort: query.sort,
    order: query.order,
  };
}

/** A click on a column: the same column turns its order round, another starts at its first order. */
export function nextSort(query: WorklistQuery, sort: LoanSort): WorklistQuery {
  if (query.sort === sort) return { ...query, order: query.order === 'asc' ? 'desc' : 'asc' };
  return { ...query, sort, order: FIRST_ORDER[sort] };
}
