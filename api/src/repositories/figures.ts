import { sql, type RawBuilder } from 'kysely';

import { compiledOnce, rowSlots } from '../db/compiled-once';
import { dbKindOf, type Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';

/*
 * Kept figures (migration 20261122T0400-kept-figures): counters and 15-minute
 * loan rollups, changed in the same transaction as the write that changes
 * what they count, so the dashboards and list totals read a few rows instead
 * of counting whole tables.
 */

/** Scope of the counters summed over every shop. */
export const ALL_SHOPS = 0;
/** Scope of the provider's warehouse stock. */
export const PROVIDER = -1;
/** Seconds per rollup bucket: every IANA offset is a multiple of 15 minutes. */
export const BUCKET_SECONDS = 900;

export type CountName =
  | 'loans'
  | 'loans_open'
  | 'clients'
  | 'loans_open_dated'
  | 'held_open'
  | 'held_open_dated'
  | `in_stock:${string}`
  | `on_loan:${string}`
  | `lost:${string}`
  | `requests:${'PENDING' | 'APPROVED' | 'DENIED' | 'CANCELLED'}`
  | `shops:${'active' | 'inactive'}`;

export interface CountDelta {
  scope: number;
  name: CountName;
  delta: number;
}

/** A shop's delta and the same delta in the all-shops scope. */
export function shopAndAll(shopId: number, name: CountName, delta: number): CountDelta[] {
  return [
    { scope: shopId, name, delta },
    { scope: ALL_SHOPS, name, delta },
  ];
}

/** Stripes of the all-shops counters and rollups on PostgreSQL (migration 20261126T1400). */
export const ALL_SHOPS_SLOTS = 8;

/**
 * The slot a write adds to: for the all-shops scope on PostgreSQL, the one
 * of its server connection, so counters of different shops lending at once
 * take different rows' locks; a pool's connections are started one after
 * another, so their process ids fall in different slots. Else 0.
 */
function slotOf(trx: Db, scope: number) {
  return scope === ALL_SHOPS && dbKindOf(trx) === 'postgres'
    ? sql<number>`pg_backend_pid() % ${sql.lit(ALL_SHOPS_SLOTS)}`
    : 0;
}

/** A kept count's columns that take a value (its slot is an expression, slotOf). */
const COUNT_COLUMNS = ['scope', 'name', 'n'] as const;

/**
 * Applies counter deltas in one upsert. Deltas are summed per counter and
 * sorted, so concurrent transactions on PostgreSQL lock the counter rows in
 * the same order and cannot deadlock on them. Callers make one call per
 * transaction, as late as they can (their other writes and reads first):
 * the rows stay locked until the transaction ends.
 */
export async function bumpCounts(trx: Db, deltas: CountDelta[]): Promise<void> {
  const summed = new Map<string, CountDelta>();
  for (const d of deltas) {
    const key = `${d.scope}\u0000${d.name}`;
    const seen = summed.get(key);
    if (seen) seen.delta += d.delta;
    else summed.set(key, { ...d });
  }
  const rows = [...summed.values()]
    .filter((d) => d.delta !== 0)
    .sort((a, b) => a.scope - b.scope || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (rows.length === 0) return;
  // Compiled once per shape: which rows are the all-shops scope's (slotOf).
  const shape = `counts:${rows.map((d) => (d.scope === ALL_SHOPS ? 'a' : 's')).join('')}`;
  // In COUNT_COLUMNS' order.
  const values = rows.flatMap((d) => [d.scope, d.name, d.delta]);
  await trx.executeQuery(
    compiledOnce(trx, shape, values, (valueAt) =>
      trx
        .insertInto('kept_counts')
        .values(
          rows.map((d, i) => ({
            ...rowSlots(valueAt, COUNT_COLUMNS, i),
            slot: slotOf(trx, d.scope),
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['scope', 'name', 'slot'])
            .doUpdateSet((eb) => ({ n: eb('kept_counts.n', '+', eb.ref('excluded.n')) })),
        ),
    ),
  );
}

/** The bucket of an instant (epoch seconds / 900, rounded down). */
export function bucketOf(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  return Math.floor(ms / (BUCKET_SECONDS * 1000));
}

/** Counts one loan given at `at` in the shop's and the all-shops rollup. */
export async function addLoanToRollups(trx: Db, shopId: number, at: Date): Promise<void> {
  await trx.executeQuery(
    compiledOnce(trx, 'loan rollups', [bucketOf(at), shopId], (valueAt) =>
      trx
        .insertInto('loan_rollups')
        .values([
          { scope: ALL_SHOPS, bucket: valueAt(0), slot: slotOf(trx, ALL_SHOPS), n: 1 },
          { scope: valueAt(1), bucket: valueAt(0), slot: 0, n: 1 },
        ])
        .onConflict((oc) =>
          oc
            .columns(['scope', 'bucket', 'slot'])
            .doUpdateSet((eb) => ({ n: eb('loan_rollups.n', '+', eb.ref('excluded.n')) })),
        ),
    ),
  );
}

/** Records the (shop, client) pair; answers whether it is new (the shop's first loan to them). */
export async function addShopClient(trx: Db, shopId: number, client: string): Promise<boolean> {
  const { rows } = await trx.executeQuery(
    compiledOnce(trx, 'shop client', [shopId, client], (valueAt) =>
      trx
        .insertInto('shop_clients')
        .values({ shop_id: valueAt(0), client: valueAt(1) })
        .onConflict((oc) => oc.columns(['shop_id', 'client']).doNothing())
        .returning('shop_id'),
    ),
  );
  return rows.length > 0;
}

/*
 * The reads below are kept while the database is unchanged (keptRead):
 * the dashboards and list totals ask for the same few figures on
 * every call, and any write that changes them drops the kept copy. The maps
 * and arrays they answer are shared and must not be changed.
 */

/** Every counter of a scope (absent = 0). */
export function countsOf(db: Db, scope: number): Promise<Map<string, number>> {
  return keptRead(db, `counts:${scope}`, async () => {
    const rows = await db
      .selectFrom('kept_counts')
      .select((eb) => ['name', eb.fn.sum<number>('n').as('n')])
      .where('scope', '=', scope)
      .groupBy('name')
      .execute();
    return new Map(rows.map((r) => [r.name, Number(r.n)]));
  });
}

/** Every counter of several scopes, in one read. */
export function countsOfScopes(
  db: Db,
  scopes: number[],
): Promise<Map<number, Map<string, number>>> {
  return keptRead(db, `counts:${scopes.join(',')}`, async () => {
    const rows = await db
      .selectFrom('kept_counts')
      .select((eb) => ['scope', 'name', eb.fn.sum<number>('n').as('n')])
      .where('scope', 'in', scopes)
      .groupBy(['scope', 'name'])
      .execute();
    const byScope = new Map(scopes.map((scope) => [scope, new Map<string, number>()]));
    for (const row of rows) byScope.get(Number(row.scope))?.set(row.name, Number(row.n));
    return byScope;
  });
}

/** Sum of the counters of a scope whose name starts with `prefix`. */
export function sumPrefix(counts: Map<string, number>, prefix: string): number {
  let total = 0;
  for (const [name, n] of counts) if (name.startsWith(prefix)) total += n;
  return total;
}

/** The counts per type behind a `prefix:<type>` family, every type listed. */
export function byType(
  counts: Map<string, number>,
  prefix: 'in_stock:' | 'on_loan:',
  keys: string[],
): Record<string, number> {
  return Object.fromEntries(keys.map((k) => [k, counts.get(`${prefix}${k}`) ?? 0]));
}

/**
 * Loans given per day, the days starting at `dayStarts` (epoch ms, ascending;
 * n + 1 instants bound n days), summed from the 15-minute buckets in SQL.
 */
export function loansPerDay(
  db: Db,
  scope: number,
  dayStarts: readonly number[],
): Promise<number[]> {
  const bounds = dayStarts.map(bucketOf);
  return keptRead(db, `loansPerDay:${scope}:${bounds.join(',')}`, () => sumDays(db, scope, bounds));
}

async function sumDays(db: Db, scope: number, bounds: number[]): Promise<number[]> {
  // One range sum per day, each a short walk of the covering index (scope,
  // bucket, n), rather than 7 conditional sums over every bucket of the week.
  const days = bounds.slice(0, -1).map((from, i) =>
    db
      .selectFrom('loan_rollups')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
      .where('scope', '=', scope)
      .where('bucket', '>=', from)
      .where('bucket', '<', bounds[i + 1] as number),
  );
  const row = await db.selectNoFrom(days.map((day, i) => day.as(`d${i}`))).executeTakeFirst();
  const values = (row ?? {}) as Record<string, unknown>;
  return days.map((_, i) => Number(values[`d${i}`] ?? 0));
}

/** The 15-minute bucket of a stored ISO timestamp column, in each database's SQL. */
function bucketSql(db: Db): RawBuilder<number> {
  return dbKindOf(db) === 'postgres'
    ? sql<number>`floor(extract(epoch from given_date::timestamptz) / ${sql.lit(BUCKET_SECONDS)})::integer`
    : sql<number>`cast(strftime('%s', given_date) as integer) / ${sql.lit(BUCKET_SECONDS)}`;
}

/** Where a container is counted: written off, in stock, or out on loan. */
const CONTAINER_PLACE = sql`case when lost_at is not null then 'lost:' when loan_id is null then 'in_stock:' else 'on_loan:' end`;

/** A container's guarantee in cents, and the items still out on open loans, for the recount. */
const HELD = sql`cast(round(container_types.guarantee_amount * 100) as integer)`;
const OUT_ITEMS = sql`
  from loans
  join loan_items on loan_items.loan_id = loans.id
  join containers on containers.id = loan_items.container_id
  join container_types on container_types.key = containers.type_key
  where loans.returned_date is null and loan_items.returned_at is null and loan_items.lost_at is null
`;

const RECOUNT_COUNTS = sql`
  select shop_id as scope, 'loans' as name, count(*) as n from loans group by shop_id
  union all select 0, 'loans', count(*) from loans having count(*) > 0
  union all select shop_id, 'loans_open', count(*) from loans where returned_date is null group by shop_id
  union all select 0, 'loans_open', count(*) from loans where returned_date is null having count(*) > 0
  union all select shop_id, 'clients', count(distinct client) from loans group by shop_id
  union all
    select 0, 'clients', count(*) from (select distinct shop_id, client from loans) pairs having count(*) > 0
  union all
    select coalesce(shop_id, -1), ${CONTAINER_PLACE} || type_key, count(*)
    from containers
    group by coalesce(shop_id, -1), ${CONTAINER_PLACE} || type_key
  union all
    select 0, ${CONTAINER_PLACE} || type_key, count(*)
    from containers where shop_id is not null
    group by ${CONTAINER_PLACE} || type_key
  union all select 0, 'shops:' || status, count(*) from shops group by status
  union all select shop_id, 'requests:' || status, count(*) from container_requests group by shop_id, status
  union all select 0, 'requests:' || status, count(*) from container_requests group by status
  union all
    select shop_id, 'loans_open_dated', count(*) from loans
    where returned_date is null and due_date is not null group by shop_id
  union all
    select 0, 'loans_open_dated', count(*) from loans
    where returned_date is null and due_date is not null having count(*) > 0
  union all select loans.shop_id, 'held_open', sum(${HELD}) ${OUT_ITEMS} group by loans.shop_id
  union all select 0, 'held_open', sum(${HELD}) ${OUT_ITEMS} having count(*) > 0
  union all
    select loans.shop_id, 'held_open_dated', sum(${HELD}) ${OUT_ITEMS}
    and loans.due_date is not null group by loans.shop_id
  union all
    select 0, 'held_open_dated', sum(${HELD}) ${OUT_ITEMS}
    and loans.due_date is not null having count(*) > 0
`;

/**
 * Each shop's loans per due date recounted from the loans and their items
 * (the guarantee from the containers still out, not the loans' kept
 * held_cents), as 'open/held/fell_due/on_time'.
 */
const RECOUNT_DUE_DAYS = sql`
  select shop_id as scope, due_date, sum(open_loans) as open_loans, sum(held) as held,
    sum(fell_due) as fell_due, sum(on_time) as on_time
  from (
    select shop_id, due_date, count(*) as open_loans, 0 as held, 0 as fell_due, 0 as on_time
    from loans where returned_date is null and due_date is not null group by shop_id, due_date
    union all
    select loans.shop_id, loans.due_date, 0, sum(${HELD}), 0, 0 ${OUT_ITEMS}
    and loans.due_date is not null group by loans.shop_id, loans.due_date
    union all
    select loans.shop_id, loans.due_date, 0, 0, count(*),
      sum(case when loan_items.returned_at is not null
        and substr(loan_items.returned_at, 1, 10) <= loans.due_date then 1 else 0 end)
    from loans join loan_items on loan_items.loan_id = loans.id
    where loans.due_date is not null
    group by loans.shop_id, loans.due_date
  ) parts
  group by shop_id, due_date
`;

function recountRollups(db: Db) {
  const bucket = bucketSql(db);
  return sql`
    select shop_id as scope, ${bucket} as bucket, count(*) as n from loans group by shop_id, ${bucket}
    union all select 0, ${bucket}, count(*) from loans group by ${bucket}
  `;
}

export interface Recount {
  counts: Map<string, number>;
  rollups: Map<string, number>;
  /** 'shop/day' → 'open/held/fell_due/on_time', rows of zeros left out. */
  dueDays: Map<string, string>;
}

/** Every kept figure counted afresh from the tables (the property test's reference). */
export async function recountFigures(db: Db): Promise<Recount> {
  const counts = await RECOUNT_COUNTS.execute(db);
  const rollups = await recountRollups(db).execute(db);
  const dueDays = await RECOUNT_DUE_DAYS.execute(db);
  return {
    counts: toMap(counts.rows as Array<{ scope: unknown; name: unknown; n: unknown }>, 'name'),
    rollups: toMap(
      rollups.rows as Array<{ scope: unknown; bucket: unknown; n: unknown }>,
      'bucket',
    ),
    dueDays: toDayMap(dueDays.rows as DayRow[]),
  };
}

interface DayRow {
  scope?: unknown;
  shop_id?: unknown;
  due_date: unknown;
  open_loans: unknown;
  held?: unknown;
  held_cents?: unknown;
  fell_due: unknown;
  on_time: unknown;
}

function toDayMap(rows: DayRow[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of rows) {
    const values = [row.open_loans, row.held ?? row.held_cents, row.fell_due, row.on_time].map(
      Number,
    );
    if (values.some((n) => n !== 0))
      map.set(`${Number(row.scope ?? row.shop_id)}/${String(row.due_date)}`, values.join('/'));
  }
  return map;
}

/** The kept figures as they are stored, in the shape of recountFigures. */
export async function keptFigures(db: Db): Promise<Recount> {
  const [counts, rollups, dueDays] = await Promise.all([
    db.selectFrom('kept_counts').selectAll().execute(),
    db.selectFrom('loan_rollups').selectAll().execute(),
    db.selectFrom('shop_due_days').selectAll().execute(),
  ]);
  return {
    counts: toMap(counts, 'name'),
    rollups: toMap(rollups, 'bucket'),
    dueDays: toDayMap(dueDays),
  };
}

function toMap<K extends 'name' | 'bucket'>(
  rows: Array<{ scope: unknown; n: unknown } & Record<K, unknown>>,
  key: K,
): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) {
    // The slots of one figure add up.
    const figure = `${Number(row.scope)}/${String(row[key])}`;
    map.set(figure, (map.get(figure) ?? 0) + Number(row.n));
  }
  // A counter that went back to 0 is the same figure as an absent one.
  for (const [figure, n] of map) if (n === 0) map.delete(figure);
  return map;
}

/*
 * The rebuild counts each shop's figures from the tables once; the all-shops
 * scope is then the sum of the shop scopes (every figure of scope 0 except
 * `shops:<status>` is such a sum, different clients included: one per
 * different shop–client pair), so the big tables are read half as often as
 * by the recount above, which stays the independent reference.
 */
const SHOP_COUNTS = sql`
  select shop_id as scope, 'loans' as name, count(*) as n from loans group by shop_id
  union all select shop_id, 'loans_open', count(*) from loans where returned_date is null group by shop_id
  union all select shop_id, 'clients', count(*) from shop_clients group by shop_id
  union all
    select coalesce(shop_id, -1), ${CONTAINER_PLACE} || type_key, count(*)
    from containers
    group by coalesce(shop_id, -1), ${CONTAINER_PLACE} || type_key
  union all select shop_id, 'requests:' || status, count(*) from container_requests group by shop_id, status
  union all
    select shop_id, 'loans_open_dated', count(*) from loans
    where returned_date is null and due_date is not null group by shop_id
  union all select shop_id, 'held_open', sum(held_cents) from loans where returned_date is null group by shop_id
  union all
    select shop_id, 'held_open_dated', sum(held_cents) from loans
    where returned_date is null and due_date is not null group by shop_id
`;

/**
 * Recounts every kept figure from the tables: after bulk loads that bypass
 * the repositories (the scale seeds), or to repair. One transaction, so
 * readers see the old figures or the new ones.
 */
export async function rebuildFigures(db: Db): Promise<void> {
  const bucket = bucketSql(db);
  await db.transaction().execute(async (trx) => {
    // The distinct pairs and the buckets of a million loans are sorted or
    // hashed in memory rather than in temporary files.
    if (dbKindOf(trx) === 'postgres') await sql`set local work_mem = '256MB'`.execute(trx);
    await trx.deleteFrom('kept_counts').execute();
    await trx.deleteFrom('loan_rollups').execute();
    await trx.deleteFrom('shop_clients').execute();
    await trx.deleteFrom('shop_due_days').execute();
    // The guarantee each open loan holds first: the counters below sum it.
    await sql`
      update loans set held_cents = coalesce((
        select sum(cast(round(container_types.guarantee_amount * 100) as integer))
        from loan_items
        join containers on containers.id = loan_items.container_id
        join container_types on container_types.key = containers.type_key
        where loan_items.loan_id = loans.id
          and loan_items.returned_at is null and loan_items.lost_at is null
      ), 0)
      where returned_date is null
    `.execute(trx);
    await sql`insert into shop_clients (shop_id, client) select distinct shop_id, client from loans`.execute(
      trx,
    );
    await sql`insert into kept_counts (scope, name, n) ${SHOP_COUNTS}`.execute(trx);
    await sql`
      insert into kept_counts (scope, name, n)
      select ${sql.lit(ALL_SHOPS)}, name, sum(n) from kept_counts where scope > 0 group by name
      union all select ${sql.lit(ALL_SHOPS)}, 'shops:' || status, count(*) from shops group by status
    `.execute(trx);
    await sql`
      insert into loan_rollups (scope, bucket, n)
      select shop_id, ${bucket}, count(*) from loans group by shop_id, ${bucket}
    `.execute(trx);
    await sql`
      insert into shop_due_days (shop_id, due_date, open_loans, held_cents, fell_due, on_time)
      select shop_id, due_date, sum(open_loans), sum(held_cents), sum(fell_due), sum(on_time)
      from (
        select shop_id, due_date, count(*) as open_loans, sum(held_cents) as held_cents,
          0 as fell_due, 0 as on_time
        from loans where returned_date is null and due_date is not null
        group by shop_id, due_date
        union all
        select loans.shop_id, loans.due_date, 0, 0, count(*),
          sum(case when loan_items.returned_at is not null
            and substr(loan_items.returned_at, 1, 10) <= loans.due_date then 1 else 0 end)
        from loans join loan_items on loan_items.loan_id = loans.id
        where loans.due_date is not null
        group by loans.shop_id, loans.due_date
      ) parts
      group by shop_id, due_date
    `.execute(trx);
    await sql`
      insert into loan_rollups (scope, bucket, n)
      select ${sql.lit(ALL_SHOPS)}, bucket, sum(n) from loan_rollups where scope > 0 group by bucket
    `.execute(trx);
  });
}
