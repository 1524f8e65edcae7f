import type { Loan } from '@panel/shared';

/** Which status icon a row shows, if any (spec section 2, Loans and Returns lists). */
export type LoanIcon = 'overdue' | 'no-deadline' | 'returned';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The moment a deadline passes. A date without a time means the whole of that
 * day (local time) is still in time, so it passes at the next midnight.
 */
export function deadlineMoment(dueDate: string): number {
  if (DATE_ONLY.test(dueDate)) {
    const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, day + 1).getTime();
  }
  return Date.parse(dueDate);
}

/**
 * Loans list: the icon shows when the deadline has passed or there is none.
 * An unreadable deadline is treated like no deadline, so it is flagged too.
 */
export function loanIcon(dueDate: string | null | undefined, now: Date): LoanIcon | null {
  if (!dueDate) return 'no-deadline';
  const moment = deadlineMoment(dueDate);
  if (Number.isNaN(moment)) return 'no-deadline';
  return now.getTime() >= moment ? 'overdue' : null;
}

/** Returns list: the icon is always shown. */
export function returnIcon(): LoanIcon {
  return 'returned';
}

export function guaranteeTotal(loan: Pick<Loan, 'containers'>): number {
  return loan.containers.reduce((sum, c) => sum + (Number(c.guarantee_amount) || 0), 0);
}
