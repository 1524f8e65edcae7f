import { TAG_TYPES } from './base-api';

type Tag = (typeof TAG_TYPES)[number];

/**
 * What a live event (GET /api/v0/events, issue 33) makes stale, by the
 * first part of its action: the panel re-reads those through the API slice,
 * so every open screen showing them catches up. Actions not listed (logins,
 * passwords, releases) change nothing a screen shows but the audit log.
 */
const STALE_BY_KIND: Record<string, readonly Tag[]> = {
  request: ['Request', 'Stock', 'AdminSummary', 'Shop'],
  loan: ['Loan', 'Return', 'Stock', 'Weekly', 'AdminSummary', 'Shop'],
  shop: ['Shop', 'ShopInfo', 'AdminSummary'],
  qr_batch: ['QrBatch', 'Stock', 'AdminSummary'],
};

/** Every event is an entry of the audit log, which the audit screens show. */
export function tagsStaleAfter(action: string): Tag[] {
  const kind = action.split('.')[0] ?? '';
  return [...(STALE_BY_KIND[kind] ?? []), 'Audit'];
}

/** After a `resync` (events were lost): everything. */
export function allTags(): Tag[] {
  return [...TAG_TYPES];
}
