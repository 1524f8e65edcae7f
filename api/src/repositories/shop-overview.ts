import type { Db } from '../db/connect';
import { recentRead } from '../db/kept-reads';
import type { ShopOverview } from '../schemas/shop-overview';
import { countsOf } from './figures';
import { dayOf, loanSummary } from './loan-worklist';
import { typeLabels } from './reference';
import { listRequests } from './requests';
import { returnRate } from './return-rate';
import { findShopById, statusHistory, toApiShop } from './shops';

/** The newest requests the shop page lists. */
export const OVERVIEW_REQUESTS = 20;

/**
 * Everything the super admin's page of one shop shows, read through the
 * repositories the shop's own screens use, so the figures are the same;
 * undefined for an unknown shop. The loan figures and return rates are sums
 * of kept due days (due-days.ts), so the page reads a few dozen rows however
 * many loans the shop has. Kept whole through recentRead: one read at a
 * time per shop, and should a read ever be costly, its value is answered
 * for at most MAX_STALE_MS (2 s) after a write.
 */
export function shopOverview(
  db: Db,
  shopId: number,
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<ShopOverview | undefined> {
  return recentRead(
    db,
    `shop-overview:${shopId}:${dayOf(now)}`,
    () => readShopOverview(db, shopId, now),
    options,
  );
}

async function readShopOverview(
  db: Db,
  shopId: number,
  now: Date,
): Promise<ShopOverview | undefined> {
  const row = await findShopById(db, shopId);
  if (!row) return undefined;
  const [types, counts, requests, history, loans, rate] = await Promise.all([
    typeLabels(db),
    countsOf(db, shopId),
    listRequests(db, { shopId }, { limit: OVERVIEW_REQUESTS, offset: 0 }, 'newest'),
    statusHistory(db, shopId),
    loanSummary(db, shopId, now),
    returnRate(db, shopId, now),
  ]);
  const perType = (prefix: 'in_stock:' | 'on_loan:' | 'lost:') =>
    Object.fromEntries(Object.keys(types).map((key) => [key, counts.get(`${prefix}${key}`) ?? 0]));
  return {
    shop: toApiShop(row),
    types,
    stock: { in_stock: perType('in_stock:'), on_loan: perType('on_loan:'), lost: perType('lost:') },
    loans,
    return_rate: rate,
    requests: requests.items,
    requests_total: requests.total,
    status_history: history.map((change) => ({
      status: change.status,
      reason: change.reason,
      changed_at: change.changed_at,
    })),
  };
}
