import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';

import type { Db } from '../db/connect';
import { typeKeys, zeroByType } from './reference';

/** A shop's own figures, or (shopId null) the sum over every shop. */
export interface Scope {
  shopId: number | null;
}

const INSERT_BATCH = 500;

/** 16 base64url characters from 96 random bits: unique in practice and unguessable. */
export function newContainerCode(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Adds `count` new containers to the provider's stock and answers their codes.
 * Given a transaction it joins it, so a caller can record more in the same one.
 */
export async function generateContainers(
  db: Db,
  input: { typeKey: string; country: string; count: number },
): Promise<string[]> {
  const createdAt = new Date().toISOString();
  const codes = Array.from({ length: input.count }, newContainerCode);
  const insert = async (trx: Db) => {
    for (let i = 0; i < codes.length; i += INSERT_BATCH) {
      await trx
        .insertInto('containers')
        .values(
          codes.slice(i, i + INSERT_BATCH).map((code) => ({
            code,
            type_key: input.typeKey,
            country: input.country,
            shop_id: null,
            loan_id: null,
            created_at: createdAt,
          })),
        )
        .execute();
    }
  };
  await (db.isTransaction ? insert(db) : db.transaction().execute(insert));
  return codes;
}

function count(n: unknown): number {
  return Number(n ?? 0);
}

/** Containers per type at the shop(s): in stock and out on loan, every type listed. */
export async function stockAndLoansByType(
  db: Db,
  scope: Scope,
): Promise<{ inStock: Record<string, number>; onLoan: Record<string, number> }> {
  let query = db
    .selectFrom('containers')
    .select([
      'type_key',
      sql<number>`sum(case when loan_id is null then 1 else 0 end)`.as('in_stock'),
      sql<number>`sum(case when loan_id is null then 0 else 1 end)`.as('on_loan'),
    ])
    .groupBy('type_key');
  query =
    scope.shopId === null
      ? query.where('shop_id', 'is not', null)
      : query.where('shop_id', '=', scope.shopId);
  const [keys, rows] = await Promise.all([typeKeys(db), query.execute()]);
  const inStock = zeroByType(keys);
  const onLoan = zeroByType(keys);
  for (const row of rows) {
    inStock[row.type_key] = count(row.in_stock);
    onLoan[row.type_key] = count(row.on_loan);
  }
  return { inStock, onLoan };
}

/** The provider's own warehouse stock per type (containers not yet sent to a shop). */
export async function providerStockByType(db: Db): Promise<Record<string, number>> {
  const [keys, rows] = await Promise.all([
    typeKeys(db),
    db
      .selectFrom('containers')
      .select(['type_key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('shop_id', 'is', null)
      .where('loan_id', 'is', null)
      .groupBy('type_key')
      .execute(),
  ]);
  const stock = zeroByType(keys);
  for (const row of rows) stock[row.type_key] = count(row.n);
  return stock;
}

export async function providerStockOf(db: Db, typeKey: string): Promise<number> {
  const row = await db
    .selectFrom('containers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', 'is', null)
    .where('loan_id', 'is', null)
    .where('type_key', '=', typeKey)
    .executeTakeFirstOrThrow();
  return count(row.n);
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** UTC midnight `daysBack` days before `now`, as the ISO text the loans table stores. */
export function dayStart(now: Date, daysBack: number): string {
  const d = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBack),
  );
  return d.toISOString();
}

/** Loans given today and the 6 days before (UTC), by English weekday name. */
export async function loansByWeekday(
  db: Db,
  scope: Scope,
  now = new Date(),
): Promise<Record<string, number>> {
  const day = sql<string>`substr(given_date, 1, 10)`;
  let query = db
    .selectFrom('loans')
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('given_date', '>=', dayStart(now, 6))
    .groupBy(day);
  if (scope.shopId !== null) query = query.where('shop_id', '=', scope.shopId);
  const rows = await query.execute();
  const byDay: Record<string, number> = Object.fromEntries(WEEKDAYS.map((d) => [d, 0]));
  for (const row of rows) {
    // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
    const weekday = WEEKDAYS[(new Date(`${row.day}T00:00:00Z`).getUTCDay() + 6) % 7];
    if (weekday) byDay[weekday] = (byDay[weekday] ?? 0) + count(row.n);
  }
  return byDay;
}

export interface Totals {
  shopPack: number;
  loansPack: number;
  users: number;
  totalLoans: number;
}

/** Stock, containers out, distinct clients and loans ever made, for a shop or all shops. */
export async function dashboardTotals(db: Db, scope: Scope): Promise<Totals> {
  const one = scope.shopId;
  const containers = db.selectFrom('containers').select((eb) => eb.fn.countAll<number>().as('n'));
  const inShops =
    one === null
      ? containers.where('shop_id', 'is not', null)
      : containers.where('shop_id', '=', one);
  const loans = db.selectFrom('loans').select((eb) => eb.fn.countAll<number>().as('n'));
  const clients =
    one === null
      ? db
          .selectFrom((eb) =>
            eb.selectFrom('loans').select(['shop_id', 'client']).distinct().as('c'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
      : db
          .selectFrom('loans')
          .select(sql<number>`count(distinct client)`.as('n'))
          .where('shop_id', '=', one);
  const [stock, out, users, total] = await Promise.all([
    inShops.where('loan_id', 'is', null).executeTakeFirstOrThrow(),
    inShops.where('loan_id', 'is not', null).executeTakeFirstOrThrow(),
    clients.executeTakeFirstOrThrow(),
    (one === null ? loans : loans.where('shop_id', '=', one)).executeTakeFirstOrThrow(),
  ]);
  return {
    shopPack: count(stock.n),
    loansPack: count(out.n),
    users: count(users.n),
    totalLoans: count(total.n),
  };
}

/** The provider's headline figures: shops, loans ever made, containers that exist. */
export async function adminSummary(
  db: Db,
): Promise<{ shops: number; loans_pack: number; container_pack: number }> {
  const [shops, loans, containers] = await Promise.all([
    db
      .selectFrom('shops')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('containers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { shops: count(shops.n), loans_pack: count(loans.n), container_pack: count(containers.n) };
}
