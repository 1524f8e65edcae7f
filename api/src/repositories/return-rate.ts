import type { Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import { dayOf } from './loan-worklist';

export interface RateWindow {
  /** Containers whose loan fell due in the window (due before today). */
  fell_due: number;
  /** Of those, back at a shop by the end of their due date. */
  on_time: number;
  /** on_time / fell_due, or null when nothing fell due. */
  rate: number | null;
}

export interface ReturnRate {
  /** The last 12 weeks, oldest first; each ends the day before the next starts. */
  weeks: Array<RateWindow & { start: string; end: string }>;
  last_4_weeks: RateWindow;
  last_12_weeks: RateWindow;
}

const WEEKS = 12;

const windowOf = (fellDue: number, onTime: number): RateWindow => ({
  fell_due: fellDue,
  on_time: onTime,
  rate: fellDue === 0 ? null : onTime / fellDue,
});

/**
 * The shop's return rate: of the containers whose loan fell due in a week
 * (its due date before today), the share back at a shop by the end of that
 * due date. A container written off, or still out, was not returned on
 * time. The weeks end yesterday. Summed from the shop's kept due days
 * (due-days.ts: at most 84 rows); kept while the database is unchanged.
 */
export function returnRate(db: Db, shopId: number, now: Date): Promise<ReturnRate> {
  const today = dayOf(now);
  return keptRead(db, `return-rate:${shopId}:${today}`, async () => {
    const rows = await db
      .selectFrom('shop_due_days')
      .select(['due_date', 'fell_due', 'on_time'])
      .where('shop_id', '=', shopId)
      .where('due_date', '>=', dayOf(now, -7 * WEEKS))
      .where('due_date', '<', today)
      .execute();
    const weeks = Array.from({ length: WEEKS }, (_, i) => ({
      start: dayOf(now, -7 * (WEEKS - i)),
      end: dayOf(now, -7 * (WEEKS - i) + 6),
      fellDue: 0,
      onTime: 0,
    }));
    for (const row of rows) {
      const week = weeks.find((w) => row.due_date >= w.start && row.due_date <= w.end);
      if (!week) continue;
      week.fellDue += Number(row.fell_due);
      week.onTime += Number(row.on_time);
    }
    const sum = (list: typeof weeks) =>
      windowOf(
        list.reduce((n, w) => n + w.fellDue, 0),
        list.reduce((n, w) => n + w.onTime, 0),
      );
    return {
      weeks: weeks.map((w) => ({ start: w.start, end: w.end, ...windowOf(w.fellDue, w.onTime) })),
      last_4_weeks: sum(weeks.slice(-4)),
      last_12_weeks: sum(weeks),
    };
  });
}
