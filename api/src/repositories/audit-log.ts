import { AUDIT_COUNT_CAP } from '@panel/shared/contract';
import { sql, type SelectQueryBuilder } from 'kysely';

import { dbKindOf, type Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import type { AuditLogRow } from '../db/schema';
import type { AuditAction, AuditEntry, AuditFilter } from '../schemas/audit';
import type { Page } from './paging';

const ALL_ROWS = 2_147_483_647;

/** The one mapping from a row to the API's entry shape. */
export function toApiAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, role: row.actor_role, name: row.actor_name },
    action: row.action as AuditEntry['action'],
    target: { kind: row.target_kind, id: row.target_id, label: row.target_label },
    shop_id: row.shop_id,
    address: row.address,
    user_agent: row.user_agent,
    details: JSON.parse(row.details) as Record<string, unknown>,
  };
}

/**
 * The query's filter, plus what routes add: an allow-list of actions (a
 * shop's own activity), and `upTo`, the newest id a streamed list reads, so
 * its count and its rows agree while entries keep coming.
 */
export interface AuditListFilter extends AuditFilter {
  actions?: readonly AuditAction[];
  upTo?: number;
}

function filtered(db: Db, filter: AuditListFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actions) query = query.where('action', 'in', [...filter.actions]);
  if (filter.upTo !== undefined) query = query.where('id', '<=', filter.upTo);
  if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
  if (filter.actor_role) query = query.where('actor_role', '=', filter.actor_role);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.shop !== undefined) query = query.where('shop_id', '=', filter.shop);
  // Times are ISO text: a day's entries sort between 'YYYY-MM-DD' and 'YYYY-MM-DD~'.
  if (filter.from) query = query.where('at', '>=', filter.from).where(idsFrom(filter.from));
  if (filter.to) query = query.where('at', '<', `${filter.to}~`).where(idsTo(`${filter.to}~`));
  return query;
}

/**
 * Ids follow times but for entries written at once (an entry's time is its
 * call's start, its id its commit's order), so a date range also bounds the
 * ids, this far past the first and last entry the time index finds: pages
 * then walk the primary key within the range, newest first, instead of
 * sorting a month of entries. The time filter stays, so the answer is exact.
 */
const ID_SLACK = 1_000;
// The largest id (a PostgreSQL integer): no entry from that time on.
const NO_ID = 2_147_483_647;

function idsFrom(from: string) {
  return sql<boolean>`id >= coalesce((select id from audit_log where at >= ${from} order by at limit 1), ${NO_ID}) - ${ID_SLACK}`;
}

function idsTo(before: string) {
  return sql<boolean>`id <= coalesce((select id from audit_log where at < ${before} order by at desc limit 1), 0) + ${ID_SLACK}`;
}

/**
 * Entries newest first (by id, the order they were written), one page, and
 * how many match, up to AUDIT_COUNT_CAP + 1 ("more than the cap"). Kept
 * while the database is unchanged (keptRead): the screen's pages and a
 * shop's activity are asked for again and again between writes.
 */
export function listAuditEntries(
  db: Db,
  filter: AuditListFilter,
  page: Page,
): Promise<{ total: number; items: AuditEntry[] }> {
  const key = `audit:${JSON.stringify([filter, page.limit ?? null, page.offset ?? 0])}`;
  return keptRead(db, key, () => readAuditPage(db, filter, page), 1 + (page.limit ?? 100));
}

async function readAuditPage(
  db: Db,
  filter: AuditListFilter,
  page: Page,
): Promise<{ total: number; items: AuditEntry[] }> {
  // Counted up to one past the cap (AUDIT_COUNT_CAP): a page of a million
  // entries reads at most that many index rows, not all of them.
  const { total } = await db
    .selectFrom(
      filtered(db, filter)
        .select('id')
        .limit(AUDIT_COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows =
    filter.actions && filter.actions.length > 1 && page.limit !== undefined
      ? await paged(
          newestOfEachAction(db, filter, filter.actions, page.limit + (page.offset ?? 0)),
          page,
        ).execute()
      : await paged(filtered(db, filter).selectAll().orderBy('id', 'desc'), page).execute();
  return { total: Number(total), items: rows.map(toApiAuditEntry) };
}

function paged<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, AuditLogRow>,
  page: Page,
): SelectQueryBuilder<DB, TB, AuditLogRow> {
  // SQLite accepts OFFSET only after a LIMIT, so an offset alone pages to the end.
  if (page.limit !== undefined || page.offset) query = query.limit(page.limit ?? ALL_ROWS);
  if (page.offset) query = query.offset(page.offset);
  return query;
}

/**
 * A page of an allow-list of actions (a shop's activity), newest first: the
 * newest `depth` entries of each action, merged. Asked as one IN list,
 * PostgreSQL walked the shop's every entry backwards for the few of those
 * kinds among its lends and returns (43 ms for the demo shop at scale);
 * each action's own walk of its (shop, action, id) index takes 2 ms in all.
 */
function newestOfEachAction(
  db: Db,
  filter: AuditListFilter,
  actions: readonly AuditAction[],
  depth: number,
) {
  const newest = actions.map((action, i) =>
    db
      .selectFrom(
        filtered(db, { ...filter, actions: undefined, action })
          .selectAll()
          .orderBy('id', 'desc')
          .limit(depth)
          .as(`of_action_${i}`),
      )
      .selectAll(),
  );
  const merged = newest
    .slice(1)
    .reduce((all, next) => all.unionAll(next), newest[0] as (typeof newest)[number]);
  return db.selectFrom(merged.as('entries')).selectAll().orderBy('id', 'desc');
}

/** The newest entry's id (0 when there is none): where a streamed list stops. */
export async function newestAuditId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function countAuditEntries(db: Db, filter: AuditListFilter): Promise<number> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * The entries a filter matches, newest first, in batches of `batch`: the
 * page's offset once, then each batch after the last id seen (a walk down
 * the filter's index, never a growing OFFSET), so a million-row export holds
 * one batch in memory at a time. Stops after `page.limit` entries if given.
 */
export async function* auditEntryBatches(
  db: Db,
  filter: AuditListFilter,
  page: Page,
  batch = 1000,
): AsyncGenerator<AuditEntry[]> {
  let left = page.limit ?? Infinity;
  let before: number | undefined;
  while (left > 0) {
    let query = filtered(db, filter).selectAll().orderBy('id', 'desc').limit(Math.min(batch, left));
    if (before === undefined && page.offset) query = query.offset(page.offset);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows.map(toApiAuditEntry);
    left -= rows.length;
    before = (rows.at(-1) as AuditLogRow).id;
    if (rows.length < Math.min(batch, left + rows.length)) return;
  }
}

/**
 * Removes the entries written before `cutoff`, the only way entries leave.
 * On PostgreSQL through audit_prune(), the one DELETE its trigger lets
 * through. Answers how many went.
 */
export async function pruneAuditLog(db: Db, cutoff: Date): Promise<number> {
  const before = cutoff.toISOString();
  if (dbKindOf(db) === 'postgres') {
    const { rows } = await sql<{
      removed: number;
    }>`select audit_prune(${before}) as removed`.execute(db);
    return Number(rows[0]?.removed ?? 0);
  }
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
