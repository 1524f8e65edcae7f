import { sql } from 'kysely';

import type { Db } from '../db/connect';
import type { CodeCheck, CounterLoan } from '../schemas/loan';

const DAY_MS = 24 * 60 * 60 * 1000;

interface LoanFacts {
  id: number;
  shop_id: number;
  shop_name: string;
  client: string;
  given_date: string;
  due_date: string | null;
}

/**
 * The one mapping of a loan to what the counter shows beside a code. A loan
 * of another shop keeps its client and its name to itself.
 */
export function toCounterLoan(loan: LoanFacts, shopId: number, now: Date): CounterLoan {
  const today = now.toISOString().slice(0, 10);
  const own = loan.shop_id === shopId;
  return {
    id: loan.id,
    client: own ? loan.client : null,
    given_date: loan.given_date,
    due_date: loan.due_date,
    shop: own ? { id: loan.shop_id, name: loan.shop_name } : null,
    days_out: Math.max(0, Math.floor((now.getTime() - Date.parse(loan.given_date)) / DAY_MS)),
    late: loan.due_date !== null && loan.due_date < today,
  };
}

/** The loans of `loanIds` with their shop's name, by id. */
export async function loanFacts(db: Db, loanIds: number[]): Promise<Map<number, LoanFacts>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('loans')
    .innerJoin('shops', 'shops.id', 'loans.shop_id')
    .select([
      'loans.id',
      'loans.shop_id',
      'shops.name as shop_name',
      'loans.client',
      'loans.given_date',
      'loans.due_date',
    ])
    .where('loans.id', 'in', loanIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * What the counter can do with one code, before anything changes: its type
 * and guarantee, and why it cannot be lent (or taken back) now, if it cannot.
 */
export async function checkCode(
  db: Db,
  shopId: number,
  code: string,
  purpose: 'lend' | 'return',
  now: Date,
): Promise<CodeCheck> {
  const container = await db
    .selectFrom('containers')
    .innerJoin('container_types', 'container_types.key', 'containers.type_key')
    .select([
      'containers.type_key',
      'containers.shop_id',
      'containers.loan_id',
      'containers.lost_at',
      'container_types.guarantee_amount',
    ])
    .where('containers.code', '=', code)
    .executeTakeFirst();
  if (!container) {
    return { code, container_type: null, guarantee_amount: null, refusal: 'unknown', loan: null };
  }
  const facts =
    container.loan_id === null
      ? undefined
      : (await loanFacts(db, [container.loan_id])).get(container.loan_id);
  const loan = facts ? toCounterLoan(facts, shopId, now) : null;
  return {
    code,
    container_type: container.type_key,
    guarantee_amount: Number(container.guarantee_amount),
    refusal:
      container.lost_at !== null
        ? 'lost'
        : refusalOf(purpose, shopId, container.shop_id, loan !== null),
    loan,
  };
}

function refusalOf(
  purpose: 'lend' | 'return',
  shopId: number,
  holder: number | null,
  onLoan: boolean,
): CodeCheck['refusal'] {
  if (purpose === 'return') return onLoan ? null : 'not_on_loan';
  if (onLoan) return 'on_loan';
  if (holder === null) return 'not_in_stock';
  return holder === shopId ? null : 'other_shop';
}

/** The shop's earlier clients whose name contains `search` (case-insensitive), for the lend form. */
export async function suggestClients(db: Db, shopId: number, search: string): Promise<string[]> {
  let query = db
    .selectFrom('shop_clients')
    .select('client')
    .where('shop_id', '=', shopId)
    .orderBy('client')
    .limit(10);
  const text = search.trim().toLowerCase();
  if (text) {
    // LIKE with its wildcards escaped: the search is text, not a pattern.
    const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`lower(client) like ${`%${escaped}%`} escape '\\'`);
  }
  const rows = await query.execute();
  return rows.map((row) => row.client);
}
