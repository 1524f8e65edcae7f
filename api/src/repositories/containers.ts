import { randomBytes } from 'node:crypto';

import type { Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import { lastLocalDays, type LocalDays } from '../lib/time-zones';
import { WEEKDAYS, type StockSummary, type WeeklyLoans } from '../schemas/dashboard';
import {
  ALL_SHOPS,
  PROVIDER,
  bumpCounts,
  byType,
  countsOf,
  countsOfScopes,
  loansPerDay,
  shopAndAll,
  sumPrefix,
} from './figures';
import { typeKeys, typeLabels } from './reference';

/** A shop's own figures, or (shopId null) the sum over every shop. */
export interface Scope {
  shopId: number | null;
}

/** The kept-figures scope of a dashboard scope. */
function scopeId(scope: Scope): number {
  return scope.shopId ?? ALL_SHOPS;
}

const INSERT_BATCH = 500;

/** 16 base64url characters from 96 random bits: unique in practice and unguessable. */
export function newContainerCode(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Puts containers with the given codes in one place (a shop's stock, or the
 * provider's with shopId null) and counts them in the kept figures, inside
 * the caller's transaction.
 */
export async function insertContainers(
  trx: Db,
  input: { shopId: number | null; typeKey: string; country: string; codes: string[] },
  createdAt = new Date(),
): Promise<void> {
  for (let i = 0; i < input.codes.length; i += INSERT_BATCH) {
    await trx
      .insertInto('containers')
      .values(
        input.codes.slice(i, i + INSERT_BATCH).map((code) => ({
          code,
          type_key: input.typeKey,
          country: input.country,
          shop_id: input.shopId,
          loan_id: null,
          created_at: createdAt.toISOString(),
        })),
      )
      .execute();
  }
  const name = `in_stock:${input.typeKey}` as const;
  await bumpCounts(
    trx,
    input.shopId === null
      ? [{ scope: PROVIDER, name, delta: input.codes.length }]
      : shopAndAll(input.shopId, name, input.codes.length),
  );
}

/**
 * Adds `count` new containers to the provider's stock and answers their codes.
 * Given a transaction it joins it, so a caller can record more in the same one.
 */
export async function generateContainers(
  db: Db,
  input: { typeKey: string; country: string; count: number },
): Promise<string[]> {
  const codes = Array.from({ length: input.count }, newContainerCode);
  const insert = (trx: Db) =>
    insertContainers(trx, {
      shopId: null,
      typeKey: input.typeKey,
      country: input.country,
      codes,
    });
  await (db.isTransaction ? insert(db) : db.transaction().execute(insert));
  return codes;
}

/**
 * The containers-by-type dashboard answer: per type at the shop(s), in stock
 * and out on loan; for the provider (all shops) also its own warehouse stock.
 * Kept whole while the database is unchanged (keptRead), so a call checks
 * the change stamp once rather than once per figure.
 */
export function stockSummary(db: Db, scope: Scope): Promise<StockSummary> {
  return keptRead(db, `stockSummary:${scopeId(scope)}`, async () => {
    const { inStock, onLoan } = await stockAndLoansByType(db, scope);
    const result: StockSummary = {
      loans_by_container_type: onLoan,
      shop_packs_by_container_type: inStock,
    };
    if (scope.shopId === null)
      result.provider_stock_by_container_type = await providerStockByType(db);
    return result;
  });
}

/** Containers per type at the shop(s): in stock and out on loan, every type listed. */
async function stockAndLoansByType(
  db: Db,
  scope: Scope,
): Promise<{ inStock: Record<string, number>; onLoan: Record<string, number> }> {
  const [keys, counts] = await Promise.all([typeKeys(db), countsOf(db, scopeId(scope))]);
  return { inStock: byType(counts, 'in_stock:', keys), onLoan: byType(counts, 'on_loan:', keys) };
}

/** The provider's own warehouse stock per type (containers not yet sent to a shop). */
async function providerStockByType(db: Db): Promise<Record<string, number>> {
  const [keys, counts] = await Promise.all([typeKeys(db), countsOf(db, PROVIDER)]);
  return byType(counts, 'in_stock:', keys);
}

/**
 * The weekly dashboard answer: loans of the last 7 local days by weekday,
 * the type labels, and the shop's (or all shops') totals. Kept whole while
 * the database is unchanged (keptRead) for this scope, zone and week, so a
 * call checks the change stamp once rather than once per figure.
 */
export function weeklyLoans(
  db: Db,
  scope: Scope,
  now: Date,
  timeZone: string,
): Promise<WeeklyLoans> {
  const days = lastLocalDays(now, timeZone, 7);
  return keptRead(db, `weeklyLoans:${scopeId(scope)}:${timeZone}:${days.starts[0]}`, async () => {
    const [byDay, type, totals] = await Promise.all([
      loansByWeekday(db, scope, days),
      typeLabels(db),
      dashboardTotals(db, scope),
    ]);
    return {
      loans_by_weekday: byDay,
      type,
      shop_pack: totals.shopPack,
      loans_pack: totals.loansPack,
      users: totals.users,
      total_loans: totals.totalLoans,
    };
  });
}

/**
 * Loans given on each of `days` (today and the 6 days before, counted in
 * the caller's time zone), by English weekday name.
 */
async function loansByWeekday(
  db: Db,
  scope: Scope,
  days: LocalDays,
): Promise<Record<string, number>> {
  const perDay = await loansPerDay(db, scopeId(scope), days.starts);
  const byDay: Record<string, number> = Object.fromEntries(WEEKDAYS.map((d) => [d, 0]));
  days.weekdays.forEach((weekday, i) => {
    const name = WEEKDAYS[weekday] as string;
    byDay[name] = (byDay[name] ?? 0) + (perDay[i] ?? 0);
  });
  return byDay;
}

interface Totals {
  shopPack: number;
  loansPack: number;
  users: number;
  totalLoans: number;
}

/** Stock, containers out, distinct clients and loans ever made, for a shop or all shops. */
async function dashboardTotals(db: Db, scope: Scope): Promise<Totals> {
  const counts = await countsOf(db, scopeId(scope));
  return {
    shopPack: sumPrefix(counts, 'in_stock:'),
    loansPack: sumPrefix(counts, 'on_loan:'),
    users: counts.get('clients') ?? 0,
    totalLoans: counts.get('loans') ?? 0,
  };
}

/** The provider's headline figures: shops, loans ever made, containers that exist. */
export async function adminSummary(
  db: Db,
): Promise<{ shops: number; shops_waiting: number; loans_pack: number; container_pack: number }> {
  const counts = await countsOfScopes(db, [ALL_SHOPS, PROVIDER]);
  const all = counts.get(ALL_SHOPS) as Map<string, number>;
  const provider = counts.get(PROVIDER) as Map<string, number>;
  return {
    shops: all.get('shops:active') ?? 0,
    // Registered shops are inactive until the provider activates them; a deactivated shop waits again.
    shops_waiting: all.get('shops:inactive') ?? 0,
    loans_pack: all.get('loans') ?? 0,
    container_pack:
      sumPrefix(all, 'in_stock:') + sumPrefix(all, 'on_loan:') + sumPrefix(provider, 'in_stock:'),
  };
}
