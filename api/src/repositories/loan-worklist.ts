import { sql } from 'kysely';

import type { Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import type { LoanRow } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { recordAudit, type AuditContext } from '../lib/audit';
import type { Loan } from '../schemas/loan';
import { bumpCounts, countsOf, shopAndAll, sumPrefix, type CountDelta } from './figures';
import { bumpDueDays, loanChange } from './due-days';
import { cents, endLoansWithNothingOut, shapeLoans } from './loans';
import type { Page } from './paging';

const DAY_MS = 24 * 60 * 60 * 1000;

export type LoanFilter = 'all' | 'overdue' | 'due_soon' | 'no_due_date';
export type LoanSort = 'given' | 'due' | 'client';

export interface WorklistQuery {
  filter: LoanFilter;
  search: string;
  sort: LoanSort;
  order: 'asc' | 'desc';
}

/** 'YYYY-MM-DD' of `now` plus `days`, in UTC: due dates are UTC days. */
export function dayOf(now: Date, days = 0): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Within this many days of its due date (today included), an open loan is "due soon". */
export const DUE_SOON_DAYS = 3;

/**
 * A shop's open loans as a work-list: one filter (overdue: due before
 * today; due soon: today to DUE_SOON_DAYS ahead; no due date), a search in
 * the client, a container code or the loan id, and a sort by given date,
 * due date or client. Open loans are read through the partial indexes
 * over open loans by due date and by client (migration 20261125T1300).
 */
export async function listLoanWorklist(
  db: Db,
  shop: { id: number; name: string },
  query: WorklistQuery,
  page: Page,
  now: Date,
): Promise<{ total: number; items: Loan[] }> {
  const today = dayOf(now);
  let base = db
    .selectFrom('loans')
    .where('shop_id', '=', shop.id)
    .where('returned_date', 'is', null);
  if (query.filter === 'overdue') base = base.where('due_date', '<', today);
  if (query.filter === 'due_soon')
    base = base.where('due_date', '>=', today).where('due_date', '<=', dayOf(now, DUE_SOON_DAYS));
  if (query.filter === 'no_due_date') base = base.where('due_date', 'is', null);
  const text = query.search.trim();
  if (text) {
    const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(client) like ${`%${escaped}%`} escape '\\'`,
        eb(
          'id',
          'in',
          eb
            .selectFrom('containers')
            .select('loan_id')
            .where('code', '=', text)
            .where('loan_id', 'is not', null),
        ) as never,
        ...(id === null ? [] : [eb('id', '=', id)]),
      ]),
    );
  }
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const column =
    query.sort === 'due' ? 'due_date' : query.sort === 'client' ? 'client' : 'given_date';
  let rows = base.selectAll();
  // Loans without a due date come last whichever way due dates are sorted.
  if (query.sort === 'due') rows = rows.orderBy(sql`due_date is null`);
  rows = rows.orderBy(column, query.order).orderBy('id', query.order);
  if (page.limit !== undefined) rows = rows.limit(page.limit).offset(page.offset ?? 0);
  const found: LoanRow[] = await rows.execute();
  return { total: Number(total), items: await shapeLoans(db, found, shop.name) };
}

export interface LoanSummary {
  open: number;
  overdue: number;
  due_soon: number;
  no_due_date: number;
  /** Overdue loans by days past due. */
  ageing: { '1-7': number; '8-14': number; '15-30': number; '31+': number };
  /** Guarantee held by open loans, and by the overdue ones among them. */
  held_open: number;
  held_overdue: number;
  /** Containers of this shop written off as lost, ever. */
  lost: number;
}

/**
 * The figures above the shop's loan list, from the kept counters and the
 * shop's due days from 30 days ago on (due-days.ts; at most a few dozen
 * rows however many loans are open): overdue is every open loan with a due
 * date less those due today or later, so it moves with the date without a
 * write; the ageing buckets sum the 30 days before today, "31+" is the
 * rest. Kept while the database is unchanged.
 */
export function loanSummary(db: Db, shopId: number, now: Date): Promise<LoanSummary> {
  const today = dayOf(now);
  return keptRead(db, `loan-summary:${shopId}:${today}`, async () => {
    const [counts, rows] = await Promise.all([
      countsOf(db, shopId),
      db
        .selectFrom('shop_due_days')
        .select(['due_date', 'open_loans', 'held_cents'])
        .where('shop_id', '=', shopId)
        .where('due_date', '>=', dayOf(now, -30))
        .execute(),
    ]);
    const soon = dayOf(now, DUE_SOON_DAYS);
    const [week, fortnight] = [dayOf(now, -7), dayOf(now, -14)];
    const ageing = { '1-7': 0, '8-14': 0, '15-30': 0, '31+': 0 };
    let notYetDue = 0;
    let heldNotYetDue = 0;
    let dueSoon = 0;
    for (const row of rows) {
      const n = Number(row.open_loans);
      const due = row.due_date;
      if (due >= today) {
        notYetDue += n;
        heldNotYetDue += Number(row.held_cents);
        if (due <= soon) dueSoon += n;
      } else ageing[due >= week ? '1-7' : due >= fortnight ? '8-14' : '15-30'] += n;
    }
    const count = (name: string) => counts.get(name) ?? 0;
    const overdue = count('loans_open_dated') - notYetDue;
    ageing['31+'] = overdue - ageing['1-7'] - ageing['8-14'] - ageing['15-30'];
    return {
      open: count('loans_open'),
      overdue,
      due_soon: dueSoon,
      no_due_date: count('loans_open') - count('loans_open_dated'),
      ageing,
      held_open: count('held_open') / 100,
      held_overdue: (count('held_open_dated') - heldNotYetDue) / 100,
      lost: sumPrefix(counts, 'lost:'),
    };
  });
}

/** One reminder per loan per this long. */
export const REMINDER_EVERY_MS = DAY_MS;

/**
 * Records a reminder to an overdue loan's client and answers the loan, or
 * refuses: not this shop's open loan, not overdue, no e-mail, or reminded
 * less than a day ago (the conditional update makes parallel calls one).
 */
export async function recordReminder(
  db: Db,
  shop: { id: number; name: string },
  loanId: number,
  now: Date,
): Promise<{ loan: Loan; previous: string | null }> {
  const loan = await db
    .selectFrom('loans')
    .selectAll()
    .where('id', '=', loanId)
    .where('shop_id', '=', shop.id)
    .executeTakeFirst();
  if (!loan || loan.returned_date !== null)
    throw new NotFoundError('No open loan of yours has this id.');
  if (!loan.client_email)
    throw new ValidationError('This loan has no e-mail address for its client.');
  if (loan.due_date === null || loan.due_date >= dayOf(now))
    throw new ConflictError('Only an overdue loan can be reminded.');
  const since = new Date(now.getTime() - REMINDER_EVERY_MS).toISOString();
  const updated = await db
    .updateTable('loans')
    .set((eb) => ({ reminders: eb('reminders', '+', 1), last_reminded_at: now.toISOString() }))
    .where('id', '=', loanId)
    .where((eb) => eb.or([eb('last_reminded_at', 'is', null), eb('last_reminded_at', '<', since)]))
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    throw new ConflictError(
      `This client was already reminded in the last 24 hours (at ${loan.last_reminded_at ?? ''}); one reminder a day.`,
    );
  }
  const [shaped] = await shapeLoans(db, [updated], shop.name);
  return { loan: shaped as Loan, previous: loan.last_reminded_at };
}

/** Takes back a reminder recordReminder counted, when its mail could not be sent. */
export async function undoReminder(db: Db, loanId: number, previous: string | null): Promise<void> {
  await db
    .updateTable('loans')
    .set((eb) => ({ reminders: eb('reminders', '-', 1), last_reminded_at: previous }))
    .where('id', '=', loanId)
    .execute();
}

/**
 * Writes containers of one of the shop's open loans off as lost, with the
 * shop's reason: they leave every stock and count as lost:<type>, the
 * guarantee they held goes, and the loan is over once nothing is out.
 */
export async function writeOffLost(
  db: Db,
  audit: AuditContext,
  shop: { id: number; name: string },
  loanId: number,
  input: { codes: string[]; reason: string },
  now: Date,
): Promise<Loan> {
  return db.transaction().execute(async (trx) => {
    const items = await trx
      .selectFrom('loan_items')
      .innerJoin('containers', 'containers.id', 'loan_items.container_id')
      .innerJoin('container_types', 'container_types.key', 'containers.type_key')
      .innerJoin('loans', 'loans.id', 'loan_items.loan_id')
      .select([
        'loan_items.id',
        'loan_items.container_id',
        'containers.code',
        'containers.type_key',
        'container_types.guarantee_amount',
        'loans.due_date',
      ])
      .where('loans.id', '=', loanId)
      .where('loans.shop_id', '=', shop.id)
      .where('loans.returned_date', 'is', null)
      .where('containers.code', 'in', input.codes)
      .where('loan_items.returned_at', 'is', null)
      .where('loan_items.lost_at', 'is', null)
      .where('containers.loan_id', '=', loanId)
      .execute();
    if (items.length !== input.codes.length) {
      throw new ConflictError(
        'Only containers still out on this open loan of yours can be written off.',
      );
    }
    const at = now.toISOString();
    const moved = await trx
      .updateTable('containers')
      .set({ loan_id: null, lost_at: at })
      .where(
        'id',
        'in',
        items.map((i) => i.container_id),
      )
      .where('loan_id', '=', loanId)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== items.length)
      throw new ConflictError('Container(s) moved meanwhile; nothing was written off.');
    await trx
      .updateTable('loan_items')
      .set({ lost_at: at, lost_reason: input.reason })
      .where(
        'id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    const held = items.reduce((sum, i) => sum + cents(i.guarantee_amount), 0);
    await trx
      .updateTable('loans')
      .set((eb) => ({ held_cents: eb('held_cents', '-', held) }))
      .where('id', '=', loanId)
      .execute();
    const [completed] = await endLoansWithNothingOut(trx, [loanId], at);
    // Written off, the containers hold no guarantee and were not back on time.
    const due = loanChange(
      { shop_id: shop.id, due_date: items[0]?.due_date ?? null },
      { held: -held, open: completed ? -1 : 0 },
    );
    const deltas: CountDelta[] = [
      ...items.flatMap((i) => [
        ...shopAndAll(shop.id, `on_loan:${i.type_key}`, -1),
        ...shopAndAll(shop.id, `lost:${i.type_key}`, 1),
      ]),
      ...due.counts,
    ];
    if (completed) deltas.push(...shopAndAll(shop.id, 'loans_open', -1));
    await bumpCounts(trx, deltas);
    await bumpDueDays(trx, due.days);
    await recordAudit(trx, audit, {
      action: 'loan.write_off',
      target: { kind: 'loan', id: loanId, label: `Loan ${loanId}` },
      shopId: shop.id,
      details: { codes: items.map((i) => i.code), reason: input.reason },
    });
    const loan = await trx
      .selectFrom('loans')
      .selectAll()
      .where('id', '=', loanId)
      .executeTakeFirstOrThrow();
    const [shaped] = await shapeLoans(trx, [loan], shop.name);
    return shaped as Loan;
  });
}
