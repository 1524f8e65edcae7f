import { sql, type SelectQueryBuilder } from 'kysely';

import { compiledOnce } from '../db/compiled-once';
import type { Db } from '../db/connect';
import { keepsReads } from '../db/kept-reads';
import type { Database, LoanRow } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import { recordAudit, type AuditContext } from '../lib/audit';
import {
  addLoanToRollups,
  addShopClient,
  bumpCounts,
  countsOf,
  shopAndAll,
  type CountDelta,
} from './figures';
import type { Loan, LoanContainer, ReturnReply, UndoReturnReply } from '../schemas/loan';
import { loanFacts, toCounterLoan } from './counter';
import { backOnTime, bumpDueDays, loanChange, type DueDayDelta } from './due-days';
import { chunks, nearerEnd, type Page } from './paging';

/** The one mapping from rows to the API's loan shape. */
export function toApiLoan(row: LoanRow, shopName: string, containers: LoanContainer[]): Loan {
  return {
    id: row.id,
    given_date: row.given_date,
    due_date: row.due_date,
    returned_date: row.returned_date,
    client: row.client,
    shop: { id: row.shop_id, name: shopName },
    containers,
    client_phone: row.client_phone,
    client_email: row.client_email,
    held_amount: Number(row.held_cents) / 100,
    reminders: Number(row.reminders),
    last_reminded_at: row.last_reminded_at,
  };
}

/** Containers of many loans, IN_CHUNK loans per query (never one query per loan, nor one IN of them all). */
async function containersOf(db: Db, loanIds: number[]): Promise<Map<number, LoanContainer[]>> {
  const byLoan = new Map<number, LoanContainer[]>();
  if (loanIds.length === 0) return byLoan;
  for (const ids of chunks(loanIds)) {
    const rows = await db
      .selectFrom('loan_items')
      .innerJoin('containers', 'containers.id', 'loan_items.container_id')
      .innerJoin('container_types', 'container_types.key', 'containers.type_key')
      .select([
        'loan_items.loan_id',
        'loan_items.returned_at',
        'loan_items.lost_at',
        'containers.code',
        'containers.type_key',
        'container_types.guarantee_amount',
      ])
      .where('loan_items.loan_id', 'in', ids)
      .orderBy('loan_items.id')
      .execute();
    for (const row of rows) {
      const list = byLoan.get(row.loan_id) ?? [];
      list.push({
        code: row.code,
        container_type: row.type_key,
        guarantee_amount: Number(row.guarantee_amount),
        returned_at: row.returned_at,
        lost_at: row.lost_at,
      });
      byLoan.set(row.loan_id, list);
    }
  }
  return byLoan;
}

/** Rows as the API's loans, their containers read in a few queries. */
export async function shapeLoans(db: Db, rows: LoanRow[], shopName: string): Promise<Loan[]> {
  const containers = await containersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toApiLoan(row, shopName, containers.get(row.id) ?? []));
}

/**
 * A shop's open loans (returned = false, newest given first) or its fully
 * returned loans (returned = true, newest return first).
 */
export async function listLoans(
  db: Db,
  shop: { id: number; name: string },
  returned: boolean,
  page: Page,
): Promise<{ total: number; items: Loan[] }> {
  const ordered = <Q extends SelectQueryBuilder<Database, 'loans', object>>(
    query: Q,
    direction: 'asc' | 'desc' = 'desc',
  ): Q =>
    (returned
      ? query.orderBy('returned_date', direction).orderBy('id', direction)
      : query.orderBy('given_date', direction).orderBy('id', direction)) as Q;
  const counts = await countsOf(db, shop.id);
  const open = counts.get('loans_open') ?? 0;
  const total = returned ? (counts.get('loans') ?? 0) - open : open;
  let query = ordered(db.selectFrom('loans').selectAll());
  if (page.limit === undefined) {
    query = query
      .where('shop_id', '=', shop.id)
      .where('returned_date', returned ? 'is not' : 'is', null);
  } else {
    // The page's ids come from the index alone (it holds the filter, the
    // order and the id), so a deep offset skips index entries, not rows,
    // and from whichever end of the index is nearer.
    const read = nearerEnd(page.limit, page.offset ?? 0, total);
    const direction = read.reversed ? 'asc' : 'desc';
    let ids = ordered(
      db
        .selectFrom('loans')
        .select('id')
        .where('shop_id', '=', shop.id)
        .where('returned_date', returned ? 'is not' : 'is', null),
      direction,
    );
    let skip = read.offset;
    const version = listVersion(counts.get('loans') ?? 0, open);
    const mark = await markBefore(db, { shopId: shop.id, returned, direction, version }, skip);
    if (mark) {
      const column = returned ? 'returned_date' : 'given_date';
      ids = ids.where(({ eb, refTuple, tuple }) =>
        eb(refTuple(column, 'id'), direction === 'desc' ? '<' : '>', tuple(mark.at, mark.id)),
      );
      skip -= mark.position;
    }
    query = query.where('id', 'in', ids.limit(read.limit).offset(skip));
  }
  const rows = await query.execute();
  return { total, items: await shapeLoans(db, rows, shop.name) };
}

/** One mark per this many rows of a shop's loan list. */
const MARK_EVERY = 1_000;

interface Mark {
  /** Rows of the list before the row after this mark. */
  position: number;
  at: string;
  id: number;
}

/**
 * Which state of a shop's loan lists marks were read in: its loans ever
 * made and its open loans. Both only grow or shrink one way between
 * changes of the lists (a lend adds one to the first, a full return takes
 * from the second, and loans are never deleted or re-dated), so each pair
 * names one point in the shop's history, and with it the lists' order.
 */
function listVersion(lent: number, open: number): string {
  return `${lent}:${open}`;
}

interface KeptMarks {
  version: string;
  marks: Promise<Array<{ at: string; id: number }>>;
}

/** Lists of marks kept per handle at most; then the keeping starts again. */
const MAX_KEPT_MARKS = 1_000;

const marksByDb = new WeakMap<Db, Map<string, KeptMarks>>();

/**
 * Where to start a deep page instead of skipping `offset` index entries
 * (3 ms at 25,000 on SQLite, all of it on the one event loop): the last
 * mark at or before the offset, then only the rest is skipped. The marks
 * are every MARK_EVERY-th (date, id) of the list in that order, read by
 * one window query. They are kept under the list's version (listVersion,
 * read from the kept counters), not the database's change stamp: any
 * commit anywhere moves the stamp, and reading the marks again after
 * every other shop's lend (40 ms for 50,000 loans) made deep pages slower
 * than no marks at all. Inside a transaction, and for shallow pages, null.
 */
async function markBefore(
  db: Db,
  list: { shopId: number; returned: boolean; direction: 'asc' | 'desc'; version: string },
  offset: number,
): Promise<Mark | null> {
  if (offset < MARK_EVERY || !keepsReads(db)) return null;
  let kept = marksByDb.get(db);
  if (!kept || kept.size >= MAX_KEPT_MARKS) {
    kept = new Map();
    marksByDb.set(db, kept);
  }
  const key = `${list.shopId}:${list.returned}:${list.direction}`;
  let known = kept.get(key);
  if (known?.version !== list.version) {
    const read = readMarks(db, list);
    // Shared by the calls that ask meanwhile; then filed under the version
    // the marks were read in (the lists may have moved on since the caller
    // read its version: then its page is read in that newer state too).
    known = { version: list.version, marks: read.then((r) => r.marks) };
    const pending = known;
    kept.set(key, pending);
    read.then(
      (r) => {
        if (kept.get(key) === pending) kept.set(key, { version: r.version, marks: pending.marks });
      },
      () => {
        if (kept.get(key) === pending) kept.delete(key);
      },
    );
  }
  const marks = await known.marks;
  const index = Math.min(Math.floor(offset / MARK_EVERY), marks.length) - 1;
  const mark = marks[index];
  return mark ? { position: (index + 1) * MARK_EVERY, at: mark.at, id: Number(mark.id) } : null;
}

/** The marks of a list and the version they belong to, in one statement (so in one state). */
async function readMarks(
  db: Db,
  list: { shopId: number; returned: boolean; direction: 'asc' | 'desc' },
): Promise<{ version: string; marks: Array<{ at: string; id: number }> }> {
  const column = sql.ref(list.returned ? 'returned_date' : 'given_date');
  const order = list.direction === 'desc' ? sql`desc` : sql`asc`;
  const { rows } = await sql<{ lent: number; open: number; at: string | null; id: number | null }>`
    with version as (
      select
        coalesce(sum(case when name = 'loans' then n end), 0) as lent,
        coalesce(sum(case when name = 'loans_open' then n end), 0) as open
      from kept_counts
      where scope = ${list.shopId}
    ),
    numbered as (
      select ${column} as at, id, row_number() over (order by ${column} ${order}, id ${order}) as n
      from loans
      where shop_id = ${list.shopId} and returned_date is ${list.returned ? sql`not null` : sql`null`}
    )
    select version.lent, version.open, numbered.at, numbered.id
    from version left join numbered on numbered.n % ${MARK_EVERY} = 0
    order by numbered.n`.execute(db);
  const first = rows[0] as { lent: number; open: number };
  return {
    version: listVersion(Number(first.lent), Number(first.open)),
    marks: rows.flatMap((r) => (r.at === null || r.id === null ? [] : [{ at: r.at, id: r.id }])),
  };
}

async function containersByCode(db: Db, codes: string[]) {
  // Compiled once per count of codes: the lend reads these on every call.
  const { rows } = await db.executeQuery(
    compiledOnce(db, `containers by code:${codes.length}`, codes, (valueAt) =>
      db
        .selectFrom('containers')
        .innerJoin('container_types', 'container_types.key', 'containers.type_key')
        .select([
          'containers.id',
          'containers.code',
          'containers.type_key',
          'containers.shop_id',
          'containers.loan_id',
          'containers.lost_at',
          'container_types.guarantee_amount',
        ])
        .where(
          'containers.code',
          'in',
          codes.map((_, i) => valueAt(i)),
        ),
    ),
  );
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length > 0)
    throw new NotFoundError(`Unknown container code(s): ${missing.slice(0, 10).join(', ')}`);
  // In the caller's order, so a loan lists its containers as they were scanned.
  return codes.map((c) => byCode.get(c) as (typeof rows)[number]);
}

/** A guarantee amount in cents (amounts are kept as decimals of the panel's currency). */
export const cents = (amount: number | string) => Math.round(Number(amount) * 100);

/**
 * Moves the guarantee the loans hold by their containers' amounts: -1 as
 * containers come back (or are written off), +1 as an undo sends them out.
 */
async function moveHeld(
  trx: Db,
  containers: Array<{ loan_id: number | null; guarantee_amount: number | string }>,
  sign: 1 | -1,
): Promise<void> {
  const byLoan = new Map<number, number>();
  for (const c of containers) {
    if (c.loan_id === null) continue;
    byLoan.set(c.loan_id, (byLoan.get(c.loan_id) ?? 0) + cents(c.guarantee_amount));
  }
  for (const [loanId, amount] of byLoan) {
    await trx
      .updateTable('loans')
      .set((eb) => ({ held_cents: eb('held_cents', '+', sign * amount) }))
      .where('id', '=', loanId)
      .execute();
  }
}

/** A container of a lend, as read before the lend's transaction. */
export type LendableContainer = Awaited<ReturnType<typeof containersByCode>>[number];

/**
 * The containers of `codes`, each in the shop's stock, read outside any
 * transaction; a code that cannot be lent is refused here. The lend's
 * transaction checks again as it takes them (lendCheckedContainers).
 */
export async function lendableContainers(
  db: Db,
  shopId: number,
  codes: string[],
): Promise<LendableContainer[]> {
  const containers = await containersByCode(db, codes);
  refuseUnlendable(
    containers.filter((c) => c.shop_id !== shopId || c.loan_id !== null || c.lost_at !== null),
  );
  return containers;
}

/** Refuses a lend that has containers out of the shop's stock, saying which. */
function refuseUnlendable(unavailable: Array<{ code: string }>): void {
  if (unavailable.length === 0) return;
  throw new ConflictError(
    `Container(s) not in your shop's stock: ${unavailable
      .slice(0, 10)
      .map((c) => c.code)
      .join(', ')}`,
  );
}

/** What a lend is asked for. */
export interface LendInput {
  codes: string[];
  client: string;
  dueDate: string | null;
  clientPhone?: string | null;
  clientEmail?: string | null;
}

/** Lends containers from the shop's stock to a client, in one transaction. */
export async function lendContainers(
  db: Db,
  audit: AuditContext,
  shop: { id: number; name: string },
  input: LendInput,
  now = new Date(),
  /** Runs first in the same transaction (the call's Idempotency-Key claim). */
  first?: (trx: Db) => Promise<void>,
): Promise<Loan> {
  const containers = await lendableContainers(db, shop.id, input.codes);
  return lendCheckedContainers(db, audit, shop, input, containers, now, first);
}

/**
 * Lends `containers`, read by lendableContainers, in one transaction. The
 * read is kept out of the transaction so that the counter's thread, which
 * runs the transaction on a SQLite file, spends its time on the writes
 * (db/counter-writer.ts): taking the containers checks again that each is
 * still in the shop's stock, and refuses the lend if one is not.
 */
export async function lendCheckedContainers(
  db: Db,
  audit: AuditContext,
  shop: { id: number; name: string },
  input: LendInput,
  containers: LendableContainer[],
  now: Date,
  first?: (trx: Db) => Promise<void>,
  /** Runs last in the same transaction, given the answer (keeps it for the call's retries). */
  last?: (trx: Db, answer: Loan) => Promise<void>,
): Promise<Loan> {
  return db.transaction().execute(async (trx) => {
    await first?.(trx);
    // The lend's statements are compiled once per shape (db/compiled-once.ts):
    // building them took about a fifth of the counter thread's time.
    const loanValues = [
      shop.id,
      input.client,
      now.toISOString(),
      input.dueDate,
      input.clientPhone ?? null,
      input.clientEmail ?? null,
      containers.reduce((sum, c) => sum + cents(c.guarantee_amount), 0),
    ];
    const [loan] = (
      await trx.executeQuery(
        compiledOnce(trx, 'lend: loan', loanValues, (valueAt) =>
          trx
            .insertInto('loans')
            .values({
              shop_id: valueAt(0),
              client: valueAt(1),
              given_date: valueAt(2),
              due_date: valueAt(3),
              returned_date: null,
              client_phone: valueAt(4),
              client_email: valueAt(5),
              held_cents: valueAt(6),
            })
            .returningAll(),
        ),
      )
    ).rows;
    if (!loan) throw new Error('The loan was not inserted.');
    const ids = containers.map((c) => c.id);
    const loanAndIds = [loan.id, ...ids];
    await trx.executeQuery(
      compiledOnce(trx, `lend: items:${ids.length}`, loanAndIds, (valueAt) =>
        trx.insertInto('loan_items').values(
          ids.map((_, i) => ({
            loan_id: valueAt(0),
            container_id: valueAt(i + 1),
            returned_at: null,
            returned_shop_id: null,
          })),
        ),
      ),
    );
    // Checked by what it returns, not in its WHERE: with the shop there,
    // SQLite would search the shop's whole stock instead of these ids.
    const { rows: moved } = await trx.executeQuery(
      compiledOnce(trx, `lend: take:${ids.length}`, loanAndIds, (valueAt) =>
        trx
          .updateTable('containers')
          .set({ loan_id: valueAt(0) })
          .where(
            'id',
            'in',
            ids.map((_, i) => valueAt(i + 1)),
          )
          .where('loan_id', 'is', null)
          .returning(['id', 'shop_id', 'lost_at']),
      ),
    );
    // One lent, moved or written off since it was read is refused (rolling the lend back).
    const taken = new Set(
      moved.filter((c) => c.shop_id === shop.id && c.lost_at === null).map((c) => c.id),
    );
    refuseUnlendable(containers.filter((c) => !taken.has(c.id)));
    const due = loanChange(loan, {
      open: 1,
      held: Number(loan.held_cents),
      fellDue: containers.length,
    });
    const deltas: CountDelta[] = [
      ...shopAndAll(shop.id, 'loans', 1),
      ...shopAndAll(shop.id, 'loans_open', 1),
      // Per type, not per container: a lend of 20 gave bumpCounts 80 deltas
      // to sum by name on the counter's thread, and now gives it 4 per type.
      ...[...countByType(containers)].flatMap(([type, n]) => [
        ...shopAndAll(shop.id, `in_stock:${type}`, -n),
        ...shopAndAll(shop.id, `on_loan:${type}`, n),
      ]),
      ...due.counts,
    ];
    if (await addShopClient(trx, shop.id, input.client))
      deltas.push(...shopAndAll(shop.id, 'clients', 1));
    await recordAudit(trx, audit, {
      action: 'loan.lend',
      target: { kind: 'loan', id: loan.id, label: `Loan ${loan.id}` },
      shopId: shop.id,
      details: { codes: containers.map((c) => c.code), due_date: input.dueDate },
    });
    // The shared figures last: their rows stay locked until the commit.
    await bumpCounts(trx, deltas);
    await bumpDueDays(trx, due.days);
    await addLoanToRollups(trx, shop.id, now);
    const answer = toApiLoan(
      loan,
      shop.name,
      containers.map((c) => ({
        code: c.code,
        container_type: c.type_key,
        guarantee_amount: Number(c.guarantee_amount),
        returned_at: null,
        lost_at: null,
      })),
    );
    await last?.(trx, answer);
    return answer;
  });
}

/** How many of `containers` are of each type. */
function countByType(containers: Array<{ type_key: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of containers) counts.set(c.type_key, (counts.get(c.type_key) ?? 0) + 1);
  return counts;
}

/**
 * Takes containers back at `shop` (any shop may accept a return): each joins
 * that shop's stock, and a loan is returned once all its containers are back.
 */
export async function returnContainers(
  db: Db,
  audit: AuditContext,
  shop: { id: number },
  codes: string[],
  now = new Date(),
  /** Runs first in the same transaction (the call's Idempotency-Key claim). */
  first?: (trx: Db) => Promise<void>,
  /** Runs last in the same transaction, given the answer (keeps it for the call's retries). */
  last?: (trx: Db, answer: ReturnReply) => Promise<void>,
): Promise<ReturnReply> {
  return db.transaction().execute(async (trx) => {
    await first?.(trx);
    const containers = await containersByCode(trx, codes);
    const loans = await loanFacts(trx, [
      ...new Set(containers.flatMap((c) => (c.loan_id === null ? [] : [c.loan_id]))),
    ]);
    const notOut = containers.filter((c) => c.loan_id === null);
    if (notOut.length > 0) {
      throw new ConflictError(
        `Container(s) not out on loan: ${notOut
          .slice(0, 10)
          .map((c) => c.code)
          .join(', ')}`,
      );
    }
    const at = now.toISOString();
    const ids = containers.map((c) => c.id);
    const loanIds = [...new Set(containers.map((c) => c.loan_id as number))];
    await trx
      .updateTable('loan_items')
      .set({ returned_at: at, returned_shop_id: shop.id })
      .where('container_id', 'in', ids)
      .where('returned_at', 'is', null)
      .execute();
    const moved = await trx
      .updateTable('containers')
      .set({ loan_id: null, shop_id: shop.id })
      .where('id', 'in', ids)
      .where('loan_id', 'is not', null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== ids.length)
      throw new ConflictError('Container(s) were returned meanwhile.');
    await moveHeld(trx, containers, -1);
    const completed = await endLoansWithNothingOut(trx, loanIds, at);
    // Each container leaves the loans of the shop that lent it and joins the
    // stock of the shop that takes it back; its loan holds its guarantee no
    // more, and counts it on time if it is back by the end of the due date.
    const due = [
      ...containers.map((c) => {
        const loan = loans.get(c.loan_id as number) as NonNullable<ReturnType<typeof loans.get>>;
        return loanChange(loan, {
          held: -cents(c.guarantee_amount),
          onTime: backOnTime(at, loan.due_date) ? 1 : 0,
        });
      }),
      ...completed.map((loan) => loanChange(loan, { open: -1 })),
    ];
    const completedIds = new Set(completed.map((r) => r.id));
    await recordAudit(trx, audit, {
      action: 'loan.return',
      target: { kind: 'shop', id: shop.id, label: audit.actor.name },
      details: {
        codes: containers.map((c) => c.code),
        loans: loanIds,
        completed_loans: [...completedIds],
      },
    });
    // The shared figures last: their rows stay locked until the commit.
    await bumpCounts(trx, [
      ...containers.flatMap((c) => [
        ...shopAndAll(c.shop_id as number, `on_loan:${c.type_key}`, -1),
        ...shopAndAll(shop.id, `in_stock:${c.type_key}`, 1),
      ]),
      ...completed.flatMap((loan) => shopAndAll(loan.shop_id, 'loans_open', -1)),
      ...due.flatMap((d) => d.counts),
    ]);
    await bumpDueDays(
      trx,
      due.flatMap((d) => d.days),
    );
    const answer: ReturnReply = {
      returned: containers.map((c) => c.code),
      completed_loans: [...completedIds].sort((a, b) => a - b),
      items: containers.map((c) => {
        const loan = loans.get(c.loan_id as number) as NonNullable<ReturnType<typeof loans.get>>;
        return {
          code: c.code,
          container_type: c.type_key,
          loan: toCounterLoan(loan, shop.id, now),
          from_other_shop: loan.shop_id !== shop.id,
          loan_completed: completedIds.has(loan.id),
        };
      }),
    };
    await last?.(trx, answer);
    return answer;
  });
}

/**
 * Marks returned, at `at`, those of `loanIds` still open whose containers
 * are all back or written off as lost; answers them.
 */
export function endLoansWithNothingOut(trx: Db, loanIds: number[], at: string) {
  return trx
    .updateTable('loans')
    .set({ returned_date: at })
    .where('id', 'in', loanIds)
    .where('returned_date', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('loan_items')
            .select('loan_items.id')
            .whereRef('loan_items.loan_id', '=', 'loans.id')
            .where('loan_items.returned_at', 'is', null)
            .where('loan_items.lost_at', 'is', null),
        ),
      ),
    )
    .returning(['id', 'shop_id', 'due_date'])
    .execute();
}

/** How long after a return the counter may still undo it (the panel offers 10 s). */
export const UNDO_RETURN_MS = 60_000;

/**
 * Undoes a return this shop made within UNDO_RETURN_MS: each container goes
 * back out on the loan it came back from, and the figures move back. Only
 * containers still in this shop's stock, untouched since, are restored; the
 * call changes nothing unless all of them can be.
 */
export async function undoReturn(
  db: Db,
  audit: AuditContext,
  shop: { id: number },
  codes: string[],
  now = new Date(),
): Promise<UndoReturnReply> {
  return db.transaction().execute(async (trx) => {
    const containers = await containersByCode(trx, codes);
    const since = new Date(now.getTime() - UNDO_RETURN_MS).toISOString();
    const items = await trx
      .selectFrom('loan_items')
      .innerJoin('loans', 'loans.id', 'loan_items.loan_id')
      .select([
        'loan_items.id',
        'loan_items.container_id',
        'loan_items.returned_at',
        'loans.id as loan_id',
        'loans.shop_id',
        'loans.due_date',
      ])
      .where(
        'loan_items.container_id',
        'in',
        containers.map((c) => c.id),
      )
      .where('loan_items.returned_shop_id', '=', shop.id)
      .where('loan_items.returned_at', '>=', since)
      .orderBy('loan_items.id')
      .execute();
    // The latest return of each container, which must be the one being undone.
    const byContainer = new Map(items.map((item) => [item.container_id, item]));
    const undoable = containers.filter(
      (c) => byContainer.has(c.id) && c.shop_id === shop.id && c.loan_id === null,
    );
    if (undoable.length !== containers.length) {
      throw new ConflictError(
        'This return can no longer be undone: it is over, or the containers have moved since.',
      );
    }
    const deltas: CountDelta[] = [];
    const days: DueDayDelta[] = [];
    const reopened = new Set<number>();
    for (const c of containers) {
      const item = byContainer.get(c.id) as (typeof items)[number];
      await trx
        .updateTable('loan_items')
        .set({ returned_at: null, returned_shop_id: null })
        .where('id', '=', item.id)
        .execute();
      const moved = await trx
        .updateTable('containers')
        .set({ loan_id: item.loan_id, shop_id: item.shop_id })
        .where('id', '=', c.id)
        .where('loan_id', 'is', null)
        .where('shop_id', '=', shop.id)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1)
        throw new ConflictError('Container(s) moved meanwhile; the return stays.');
      const due = loanChange(item, {
        held: cents(c.guarantee_amount),
        onTime: backOnTime(item.returned_at as string, item.due_date) ? -1 : 0,
      });
      deltas.push(
        ...shopAndAll(shop.id, `in_stock:${c.type_key}`, -1),
        ...shopAndAll(item.shop_id, `on_loan:${c.type_key}`, 1),
        ...due.counts,
      );
      days.push(...due.days);
      reopened.add(item.loan_id);
    }
    await moveHeld(
      trx,
      containers.map((c) => ({
        ...c,
        loan_id: (byContainer.get(c.id) as (typeof items)[number]).loan_id,
      })),
      1,
    );
    const reopenedLoans = await trx
      .updateTable('loans')
      .set({ returned_date: null })
      .where('id', 'in', [...reopened])
      .where('returned_date', 'is not', null)
      .returning(['id', 'shop_id', 'due_date'])
      .execute();
    for (const loan of reopenedLoans) {
      const due = loanChange(loan, { open: 1 });
      deltas.push(...shopAndAll(loan.shop_id, 'loans_open', 1), ...due.counts);
      days.push(...due.days);
    }
    await bumpCounts(trx, deltas);
    await bumpDueDays(trx, days);
    await recordAudit(trx, audit, {
      action: 'loan.undo_return',
      target: { kind: 'shop', id: shop.id, label: audit.actor.name },
      details: { codes: containers.map((c) => c.code), loans: [...reopened] },
    });
    return { restored: containers.map((c) => c.code) };
  });
}
