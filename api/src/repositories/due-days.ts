import { compiledOnce, rowSlots } from '../db/compiled-once';
import type { Db } from '../db/connect';
import { shopAndAll, type CountDelta } from './figures';

/*
 * Kept per-shop, per-due-day loan figures (migration
 * 20261126T1200-due-day-figures): changed in the transaction of every lend,
 * return, undo and write-off, so a shop's overdue loans, their ageing and
 * its return rates are sums of a few rows. A loan without a due date is
 * never overdue and never falls due: it only moves the `held_open` counter.
 */

export interface DueDayDelta {
  shopId: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  open: number;
  held: number;
  fellDue: number;
  onTime: number;
}

/** What one change does to a loan's figures (each 0 when absent). */
export interface LoanChange {
  /** +1 as the loan opens or reopens, -1 as it ends. */
  open?: number;
  /** Guarantee the loan holds, in cents. */
  held?: number;
  /** Containers lent on the loan. */
  fellDue?: number;
  /** Containers back by the end of the due date (-1 when such a return is undone). */
  onTime?: number;
}

/** The kept-count and due-day deltas of a change to one loan. */
export function loanChange(
  loan: { shop_id: number; due_date: string | null },
  change: LoanChange,
): { counts: CountDelta[]; days: DueDayDelta[] } {
  const open = change.open ?? 0;
  const held = change.held ?? 0;
  const counts = shopAndAll(loan.shop_id, 'held_open', held);
  if (loan.due_date === null) return { counts, days: [] };
  counts.push(
    ...shopAndAll(loan.shop_id, 'loans_open_dated', open),
    ...shopAndAll(loan.shop_id, 'held_open_dated', held),
  );
  const day: DueDayDelta = {
    shopId: loan.shop_id,
    dueDate: loan.due_date,
    open,
    held,
    fellDue: change.fellDue ?? 0,
    onTime: change.onTime ?? 0,
  };
  return { counts, days: [day] };
}

/** Whether a container returned at `returnedAt` (ISO) came back by the end of `dueDate`. */
export function backOnTime(returnedAt: string, dueDate: string | null): boolean {
  return dueDate !== null && returnedAt.slice(0, 10) <= dueDate;
}

const DUE_DAY_COLUMNS = [
  'shop_id',
  'due_date',
  'open_loans',
  'held_cents',
  'fell_due',
  'on_time',
] as const;

/**
 * Applies due-day deltas in one upsert, summed per (shop, day) and sorted,
 * so concurrent transactions on PostgreSQL lock the rows in one order
 * (callers make one call per transaction, after bumpCounts).
 */
export async function bumpDueDays(trx: Db, deltas: DueDayDelta[]): Promise<void> {
  const summed = new Map<string, DueDayDelta>();
  for (const d of deltas) {
    const key = `${d.shopId}\u0000${d.dueDate}`;
    const seen = summed.get(key);
    if (!seen) summed.set(key, { ...d });
    else {
      seen.open += d.open;
      seen.held += d.held;
      seen.fellDue += d.fellDue;
      seen.onTime += d.onTime;
    }
  }
  const rows = [...summed.values()]
    .filter((d) => d.open !== 0 || d.held !== 0 || d.fellDue !== 0 || d.onTime !== 0)
    .sort((a, b) => a.shopId - b.shopId || (a.dueDate < b.dueDate ? -1 : 1));
  if (rows.length === 0) return;
  // In DUE_DAY_COLUMNS' order.
  const values = rows.flatMap((d) => [d.shopId, d.dueDate, d.open, d.held, d.fellDue, d.onTime]);
  await trx.executeQuery(
    compiledOnce(trx, `due days:${rows.length}`, values, (valueAt) =>
      trx
        .insertInto('shop_due_days')
        .values(rows.map((_, i) => rowSlots(valueAt, DUE_DAY_COLUMNS, i)))
        .onConflict((oc) =>
          oc.columns(['shop_id', 'due_date']).doUpdateSet((eb) => ({
            open_loans: eb('shop_due_days.open_loans', '+', eb.ref('excluded.open_loans')),
            held_cents: eb('shop_due_days.held_cents', '+', eb.ref('excluded.held_cents')),
            fell_due: eb('shop_due_days.fell_due', '+', eb.ref('excluded.fell_due')),
            on_time: eb('shop_due_days.on_time', '+', eb.ref('excluded.on_time')),
          })),
        ),
    ),
  );
}
