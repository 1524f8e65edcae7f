/** The header a paged list answers with: how many items the whole list holds. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Rows per page of each paged list the panel shows (the API takes any
 * `limit` up to 10,000): one number per list, read by its screen and its
 * query alike.
 */
export const PAGE_SIZES = {
  /** Request cards per page of a tab: fills four columns at once and stays cheap to render. */
  requests: 24,
  /** The loan worklist: the API is paged, so even 50,000 loans render only this many. */
  loans: 25,
  /** The shop list: with 2,000 shops only this many rows are ever in the DOM. */
  shops: 25,
  /** The QR generator's recent batches. */
  qrBatches: 5,
  /** The super admin's audit log. */
  audit: 25,
  /** A shop's own recent activity on its profile. */
  ownActivity: 10,
} as const;
