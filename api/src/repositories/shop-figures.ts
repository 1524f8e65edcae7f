import { setImmediate as nextTurn } from 'node:timers/promises';

import { sql } from 'kysely';

import type { Db } from '../db/connect';
import { recentRead } from '../db/kept-reads';
import type { ShopFigures } from '../schemas/shop-overview';
import { dayOf } from './loan-worklist';

/** How many shops each list of the league table names. */
export const LEAGUE_SIZE = 5;

/** Days of the 4-week return rate (the weeks end yesterday, as in return-rate.ts). */
const RATE_DAYS = 28;

/** Shops per read of allShopFigures (a few ms each at 1 M loans on SQLite). */
const CHUNK_SHOPS = 500;

/**
 * Every shop's overdue loans, stock held and 4-week return rate (as
 * return-rate.ts counts it: containers whose loan fell due in the last 28
 * days before today, and the share back at a shop by the end of the due
 * date), from the kept counters and due days (due-days.ts), never the
 * loans: overdue is each shop's open dated loans less those due today or
 * later, the rate sums its last 28 due days. So the read grows with shops
 * times days, not with loans: each shop's days from 28 days ago on, one key
 * range per shop, CHUNK_SHOPS shops per read with other calls let in
 * between (SQLite's reads hold the event loop). About 40 ms of SQLite at
 * 2,000 shops and 1 M loans, so kept through recentRead as a costly read
 * whatever it took: after a write the figures may be up to MAX_STALE_MS
 * (2 s) old, re-read about once a second while writes go on, never once
 * per write.
 */
export function allShopFigures(
  db: Db,
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<ShopFigures[]> {
  const today = dayOf(now);
  return recentRead(
    db,
    `all-shop-figures:${today}`,
    async () => {
      const shops = await db
        .selectFrom('shops')
        .select(['id', 'name'])
        .orderBy('id', 'desc')
        .execute();
      const ids = shops.map((shop) => shop.id).sort((a, b) => a - b);
      const kept = new Map<number, { dated: number; stock: number }>();
      const days = new Map<number, { notYetDue: number; fellDue: number; onTime: number }>();
      for (let from = 0; from < ids.length; from += CHUNK_SHOPS) {
        const low = ids[from] as number;
        const high = ids[Math.min(from + CHUNK_SHOPS, ids.length) - 1] as number;
        await nextTurn();
        const counts = await db
          .selectFrom('kept_counts')
          .select([
            'scope',
            sql<number>`sum(case when name = 'loans_open_dated' then n else 0 end)`.as('dated'),
            sql<number>`sum(case when name like 'in_stock:%' then n else 0 end)`.as('stock'),
          ])
          .where('scope', '>=', low)
          .where('scope', '<=', high)
          .where((eb) =>
            eb.or([eb('name', '=', 'loans_open_dated'), eb('name', 'like', 'in_stock:%')]),
          )
          .groupBy('scope')
          .execute();
        for (const r of counts)
          kept.set(Number(r.scope), { dated: Number(r.dated), stock: Number(r.stock) });
        await nextTurn();
        // shop_id in (…shops…): one seek per shop into its days, not a scan of the range's.
        const sums = await db
          .selectFrom('shop_due_days')
          .select([
            'shop_id',
            sql<number>`sum(case when due_date >= ${today} then open_loans else 0 end)`.as(
              'not_yet_due',
            ),
            sql<number>`sum(case when due_date < ${today} then fell_due else 0 end)`.as('fell_due'),
            sql<number>`sum(case when due_date < ${today} then on_time else 0 end)`.as('on_time'),
          ])
          .where('shop_id', 'in', (eb) =>
            eb.selectFrom('shops').select('id').where('id', '>=', low).where('id', '<=', high),
          )
          .where('due_date', '>=', dayOf(now, -RATE_DAYS))
          .groupBy('shop_id')
          .execute();
        for (const r of sums) {
          days.set(Number(r.shop_id), {
            notYetDue: Number(r.not_yet_due),
            fellDue: Number(r.fell_due),
            onTime: Number(r.on_time),
          });
        }
      }
      return shops.map((shop) => {
        const counts = kept.get(shop.id);
        const day = days.get(shop.id);
        const fellDue = day?.fellDue ?? 0;
        return {
          id: shop.id,
          name: shop.name,
          overdue: (counts?.dated ?? 0) - (day?.notYetDue ?? 0),
          stock_held: counts?.stock ?? 0,
          fell_due_4w: fellDue,
          return_rate_4w: day && fellDue > 0 ? day.onTime / fellDue : null,
        };
      });
    },
    { costly: true, ...options },
  );
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
