import { setImmediate as nextTurn } from 'node:timers/promises';

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
 * undefined for an unknown shop. Kept whole through recentRead: for a shop
 * with 50,000 loans the page takes about 30 ms to read, so after a write it
 * may be up to MAX_STALE_MS (2 s) old, re-read about once a second while
 * writes go on.
 */
export function shopOverview(db: Db, shopId: number, now: Date): Promise<ShopOverview | undefined> {
  return recentRead(db, `shop-overview:${shopId}:${dayOf(now)}`, () =>
    readShopOverview(db, shopId, now),
  );
}

async function readShopOverview(
  db: Db,
  shopId: number,
  now: Date,
): Promise<ShopOverview | undefined> {
  const row = await findShopById(db, shopId);
  if (!row) return undefined;
  const [types, counts, requests, history] = await Promise.all([
    typeLabels(db),
    countsOf(db, shopId),
    listRequests(db, { shopId }, { limit: OVERVIEW_REQUESTS, offset: 0 }, 'newest'),
    statusHistory(db, shopId),
  ]);
  // The two costly reads (about 15 ms each at 50,000 loans) one after the
  // other, letting other calls run between them: SQLite's reads hold the
  // event loop.
  await nextTurn();
  const loans = await loanSummary(db, shopId, now);
  await nextTurn();
  const rate = await returnRate(db, shopId, now);
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
