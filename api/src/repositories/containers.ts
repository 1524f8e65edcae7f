import { randomBytes } from 'node:crypto';

import type { Db } from '../db/connect';
import { lastLocalDays } from '../lib/time-zones';
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
import { typeKeys } from './reference';

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

/** Containers per type at the shop(s): in stock and out on loan, every type listed. */
export async function stockAndLoansByType(
  db: Db,
  scope: Scope,
): Promise<{ inStock: Record<string, number>; onLoan: Record<string, number> }> {
  const [keys, counts] = await Promise.all([typeKeys(db), countsOf(db, scopeId(scope))]);
  return { inStock: byType(counts, 'in_stock:', keys), onLoan: byType(counts, 'on_loan:', keys) };
}

/** The provider's own warehouse stock per type (containers not yet sent to a shop). */
export async function providerStockByType(db: Db): Promise<Record<string, number>> {
  const [keys, counts] = await Promise.all([typeKeys(db), countsOf(db, PROVIDER)]);
  return byType(counts, 'in_stock:', keys);
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

/**
 * Loans given today and the 6 days before, days counted in `timeZone` (an
 * IANA zone Intl knows; the route validates it), by English weekday name.
 */
export async function loansByWeekday(
  db: Db,
  scope: Scope,
  now = new Date(),
  timeZone = 'UTC',
): Promise<Record<string, number>> {
  const days = lastLocalDays(now, timeZone, 7);
  const perDay = await loansPerDay(db, scopeId(scope), days.starts);
  const byDay: Record<string, number> = Object.fromEntries(WEEKDAYS.map((d) => [d, 0]));
  days.weekdays.forEach((weekday, i) => {
    const name = WEEKDAYS[weekday] as string;
    byDay[name] = (byDay[name] ?? 0) + (perDay[i] ?? 0);
  });
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
