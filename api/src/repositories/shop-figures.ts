import { setImmediate as nextTurn } from 'node:timers/promises';

import { sql } from 'kysely';

import type { Db } from '../db/connect';
import { recentRead } from '../db/kept-reads';
import type { ShopFigures } from '../schemas/shop-overview';
import { dayOf } from './loan-worklist';

/** Shops whose loans one read of allShopFigures sums (about 10 ms each at 1 M loans on SQLite). */
const CHUNK_SHOPS = 250;

/** How many shops each list of the league table names. */
export const LEAGUE_SIZE = 5;

/**
 * Every shop's overdue loans, stock held and 4-week return rate (as
 * return-rate.ts counts it: containers whose loan fell due in the last 28
 * days before today, and the share back at a shop by the end of the due
 * date), in grouped reads over CHUNK_SHOPS shops at a time rather than
 * per shop (chunks may be read a moment apart, as writes go on). About
 * 100 ms in all at 2,000 shops and 1 M loans, so kept through recentRead:
 * after a write the figures may be up to MAX_STALE_MS (2 s) old, and are
 * re-read about once a second while writes go on, not once per write.
 */
export function allShopFigures(db: Db, now: Date): Promise<ShopFigures[]> {
  const today = dayOf(now);
  return recentRead(db, `all-shop-figures:${today}`, async () => {
    const shops = await db
      .selectFrom('shops')
      .select(['id', 'name'])
      .orderBy('id', 'desc')
      .execute();
    const stock = await db
      .selectFrom('kept_counts')
      .select(['scope', (eb) => eb.fn.sum<number>('n').as('n')])
      .where('scope', '>', 0)
      .where('name', 'like', 'in_stock:%')
      .groupBy('scope')
      .execute();
    const overdue: Array<{ shop_id: number; n: number }> = [];
    const rates: Array<{ shop_id: number; fell_due: number; on_time: number }> = [];
    const ids = shops.map((shop) => shop.id).sort((a, b) => a - b);
    for (let from = 0; from < ids.length; from += CHUNK_SHOPS) {
      const low = ids[from] as number;
      const high = ids[Math.min(from + CHUNK_SHOPS, ids.length) - 1] as number;
      // SQLite's reads hold the event loop: between chunks, other calls run.
      await nextTurn();
      // The partial index over open loans by (shop, due date) holds all of it.
      overdue.push(
        ...(await db
          .selectFrom('loans')
          .select(['shop_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('shop_id', '>=', low)
          .where('shop_id', '<=', high)
          .where('returned_date', 'is', null)
          .where('due_date', '<', today)
          .groupBy('shop_id')
          .execute()),
      );
      await nextTurn();
      rates.push(
        ...(await db
          .selectFrom('loans')
          .innerJoin('loan_items', 'loan_items.loan_id', 'loans.id')
          .select([
            'loans.shop_id',
            (eb) => eb.fn.countAll<number>().as('fell_due'),
            sql<number>`sum(case when loan_items.returned_at is not null and substr(loan_items.returned_at, 1, 10) <= loans.due_date then 1 else 0 end)`.as(
              'on_time',
            ),
          ])
          .where('loans.shop_id', '>=', low)
          .where('loans.shop_id', '<=', high)
          .where('loans.due_date', '>=', dayOf(now, -28))
          .where('loans.due_date', '<', today)
          .groupBy('loans.shop_id')
          .execute()),
      );
    }
    const overdueOf = new Map(overdue.map((r) => [Number(r.shop_id), Number(r.n)]));
    const stockOf = new Map(stock.map((r) => [Number(r.scope), Number(r.n)]));
    const rateOf = new Map(
      rates.map((r) => [
        Number(r.shop_id),
        { fellDue: Number(r.fell_due), onTime: Number(r.on_time) },
      ]),
    );
    return shops.map((shop) => {
      const rate = rateOf.get(shop.id);
      return {
        id: shop.id,
        name: shop.name,
        overdue: overdueOf.get(shop.id) ?? 0,
        stock_held: stockOf.get(shop.id) ?? 0,
        fell_due_4w: rate?.fellDue ?? 0,
        return_rate_4w: rate && rate.fellDue > 0 ? rate.onTime / rate.fellDue : null,
      };
    });
  });
}

/**
 * The league table: the shops with the most overdue loans (ties: lower id
 * first), and those with the lowest 4-week return rate (ties: more
 * containers fallen due first, then lower id); shops with nothing overdue,
 * or nothing fallen due, are in neither.
 */
export function shopLeague(figures: readonly ShopFigures[]): {
  most_overdue: ShopFigures[];
  lowest_return_rate: ShopFigures[];
} {
  const mostOverdue = figures
    .filter((f) => f.overdue > 0)
    .sort((a, b) => b.overdue - a.overdue || a.id - b.id)
    .slice(0, LEAGUE_SIZE);
  const lowestRate = figures
    .filter((f) => f.return_rate_4w !== null)
    .sort(
      (a, b) =>
        (a.return_rate_4w as number) - (b.return_rate_4w as number) ||
        b.fell_due_4w - a.fell_due_4w ||
        a.id - b.id,
    )
    .slice(0, LEAGUE_SIZE);
  return { most_overdue: mostOverdue, lowest_return_rate: lowestRate };
}
