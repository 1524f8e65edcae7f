import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';

import { dbKindOf, type Db, type DbKind } from './connect';
import { CONTAINER_TYPES, DEMO_SHOP_HASH, ensureDemoData } from './demo-data';
import { rebuildFigures } from '../repositories/figures';
import type { Database } from './schema';

export interface ScaleOptions {
  shops: number;
  loans: number;
  /** Containers per shop; loans of a shop cycle through them. */
  containersPerShop?: number;
  /** Open (not yet returned) loans per shop, the newest ones. */
  openPerShop?: number;
  /** Container requests over all shops (default 3 per shop), one item each, in every status. */
  requests?: number;
  /** Audit log entries over the last year (default: one per loan). */
  auditEntries?: number;
  log?: (text: string) => void;
}

const DAY = 24 * 3600 * 1000;
// Under SQLite's 32,766 bound parameters per statement.
const MAX_PARAMS = 30_000;
// Rows per PostgreSQL statement: one JSON parameter of a few MB.
const PG_ROWS = 20_000;

/** The tables the scale seeds write past the repositories. */
const BULK_TABLES = [
  'shops',
  'loans',
  'containers',
  'loan_items',
  'container_requests',
  'request_items',
  'audit_log',
];

/**
 * Multi-row inserts: on SQLite as many rows per statement as the bound
 * parameters allow; on PostgreSQL the rows travel as one JSON array per
 * statement and json_populate_recordset turns them into the table's row type
 * (no parameter limit, one parse and plan per 20,000 rows).
 */
async function bulkInsert<T extends keyof Database>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  if (dbKindOf(db) === 'postgres') {
    const list = sql.join(columns.map((c) => sql.id(c)));
    for (let i = 0; i < rows.length; i += PG_ROWS) {
      const json = JSON.stringify(rows.slice(i, i + PG_ROWS));
      await sql`insert into ${sql.table(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
        db,
      );
    }
    return;
  }
  const batch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let i = 0; i < rows.length; i += batch) {
    // Kysely's generic insert typing cannot follow a table chosen at run time.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
  }
}

async function maxId(
  db: Db,
  table: 'containers' | 'loans' | 'loan_items' | 'container_requests',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirstOrThrow();
  return Number(row.m ?? 0);
}

/** Name and CREATE statement of each secondary index (not backing a key) of the bulk tables. */
async function secondaryIndexes(
  db: Db,
  kind: DbKind,
): Promise<Array<{ name: string; ddl: string }>> {
  const tables = sql.join(BULK_TABLES.map((t) => sql.lit(t)));
  const { rows } =
    kind === 'postgres'
      ? await sql<{ name: string; ddl: string }>`
          select indexname as name, indexdef as ddl from pg_indexes
          where schemaname = current_schema() and tablename in (${tables})
            and indexname not in (select conname from pg_constraint where connamespace = current_schema()::regnamespace)`.execute(
          db,
        )
      : await sql<{ name: string; ddl: string }>`
          select name, sql as ddl from sqlite_master
          where type = 'index' and sql is not null and tbl_name in (${tables})`.execute(db);
  return rows;
}

/**
 * On PostgreSQL, as a superuser, the load runs on one connection in
 * `session_replication_role = replica`, which skips the per-row foreign-key
 * triggers as pg_restore --disable-triggers does (the seeds write every
 * reference before the rows that point at it; the seed test checks the
 * result through the API). Otherwise the keys are checked row by row.
 */
async function withoutKeyChecks(
  db: Db,
  kind: DbKind,
  load: (db: Db) => Promise<void>,
): Promise<void> {
  if (kind !== 'postgres') return load(db);
  const { rows } = await sql<{ superuser: boolean }>`
    select rolsuper as superuser from pg_roles where rolname = current_user`.execute(db);
  if (!rows[0]?.superuser) return load(db);
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    try {
      await load(conn);
    } finally {
      await sql`set session_replication_role = default`.execute(conn);
    }
  });
}

/**
 * Runs bulk writes that bypass the repositories, then makes the database
 * whole again. The secondary indexes are dropped first and built once over
 * the loaded rows (far cheaper than updating them row by row); afterwards
 * PostgreSQL's sequences move past the explicit ids, the kept figures are
 * recounted, and statistics are refreshed.
 */
export async function bulkLoad(
  db: Db,
  kind: DbKind,
  load: (db: Db) => Promise<void>,
  log: (text: string) => void = () => undefined,
): Promise<void> {
  const indexes = await secondaryIndexes(db, kind);
  for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(db);
  try {
    await withoutKeyChecks(db, kind, load);
  } finally {
    const started = Date.now();
    await db.connection().execute(async (conn) => {
      if (kind === 'postgres') await sql`set maintenance_work_mem = '256MB'`.execute(conn);
      for (const { ddl } of indexes) await sql.raw(ddl).execute(conn);
      if (kind === 'postgres') await sql`reset maintenance_work_mem`.execute(conn);
    });
    log(`  indexes rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  const started = Date.now();
  // Statistics of the loaded tables first, so the recount below is planned
  // for a million rows rather than for the empty tables.
  await sql`analyze`.execute(db);
  if (kind === 'postgres') {
    for (const table of [
      'shops',
      'containers',
      'loans',
      'loan_items',
      'container_requests',
      'request_items',
    ]) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  }
  await rebuildFigures(db);
  log(`  kept figures recounted (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // On PostgreSQL, VACUUM also marks the freshly written pages all-visible,
  // without which the paging indexes cannot answer index-only.
  await sql`${sql.raw(kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
  log(`  statistics refreshed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * Fills a fresh database for benchmarks: the demo accounts, `shops` more
 * shops, and `loans` loans spread over the last year (the newest ones open,
 * the rest returned), with consistent containers and loan items. Rows are
 * written in large batches inside one transaction per chunk of shops.
 */
export function seedScale(db: Db, kind: DbKind, options: ScaleOptions): Promise<void> {
  return bulkLoad(db, kind, (conn) => writeScale(conn, options), options.log);
}

async function writeScale(db: Db, options: ScaleOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const perShopContainers = options.containersPerShop ?? 50;
  const openPerShop = Math.min(options.openPerShop ?? 5, perShopContainers);
  await ensureDemoData(db);
  const now = Date.now();
  const base = await db
    .selectFrom('shops')
    .select((eb) => [eb.fn.max('id').as('shop'), eb.fn.countAll<number>().as('n')])
    .executeTakeFirstOrThrow();
  let shopId = Number(base.shop ?? 0);
  let containerId = await maxId(db, 'containers');
  let loanId = await maxId(db, 'loans');
  let loanItemId = await maxId(db, 'loan_items');
  let requestId = await maxId(db, 'container_requests');
  const totalRequests = options.requests ?? 3 * options.shops;
  // Every scale shop logs in with the demo shops' password, hashed once in advance.
  const passwordHash = DEMO_SHOP_HASH;
  const types = CONTAINER_TYPES.map((t) => t.key);
  const started = Date.now();

  const chunk = 250;
  for (let first = 0; first < options.shops; first += chunk) {
    const count = Math.min(chunk, options.shops - first);
    await db.transaction().execute(async (trx) => {
      const shops: Insertable<Database['shops']>[] = [];
      const containers: Insertable<Database['containers']>[] = [];
      const loans: Insertable<Database['loans']>[] = [];
      const items: Insertable<Database['loan_items']>[] = [];
      const requests: Insertable<Database['container_requests']>[] = [];
      const requestItems: Insertable<Database['request_items']>[] = [];
      for (let k = 0; k < count; k++) {
        const index = first + k;
        shopId += 1;
        shops.push({
          id: shopId,
          name: `Scale Shop ${index + 1}`,
          email: `shop${index + 1}@scale.test`,
          phone: `+1 555 ${String(index).padStart(6, '0')}`,
          logo: null,
          created_date: new Date(now - (options.shops - index) * 60_000).toISOString(),
          status: index % 10 === 9 ? 'inactive' : 'active',
          x_gis: 24 + (index % 100) / 100,
          y_gis: 54 + Math.floor(index / 100) / 100,
          password_hash: passwordHash,
        });
        const pool: number[] = [];
        for (let c = 0; c < perShopContainers; c++) {
          containerId += 1;
          pool.push(containerId);
          containers.push({
            id: containerId,
            code: randomBytes(12).toString('base64url'),
            type_key: types[c % types.length] as string,
            country: 'United Arab Emirates',
            shop_id: shopId,
            loan_id: null,
            created_at: new Date(now - 400 * DAY).toISOString(),
          });
        }
        // Loans of this shop: an even share, the remainder to the first shops.
        const shopLoans =
          Math.floor(options.loans / options.shops) +
          (index < options.loans % options.shops ? 1 : 0);
        for (let j = 0; j < shopLoans; j++) {
          loanId += 1;
          loanItemId += 1;
          // Spread over the last year, oldest first; the newest fall in this week.
          const given =
            now - Math.floor(((shopLoans - j) / shopLoans) * 365 * DAY) + (j % 7) * 3600e3;
          const open = j >= shopLoans - openPerShop;
          const returned = open ? null : new Date(Math.min(given + DAY, now)).toISOString();
          const container = pool[j % pool.length] as number;
          loans.push({
            id: loanId,
            shop_id: shopId,
            client: `client-${(j * 7919 + index) % 3000}`,
            given_date: new Date(Math.min(given, now)).toISOString(),
            due_date: j % 3 === 0 ? null : new Date(given + 14 * DAY).toISOString().slice(0, 10),
            returned_date: returned,
          });
          items.push({
            id: loanItemId,
            loan_id: loanId,
            container_id: container,
            returned_at: returned,
            returned_shop_id: open ? null : shopId,
          });
          if (open) {
            const row = containers[containers.length - pool.length + (j % pool.length)];
            if (row) row.loan_id = loanId;
          }
        }
        const shopRequests =
          Math.floor(totalRequests / options.shops) +
          (index < totalRequests % options.shops ? 1 : 0);
        for (let r = 0; r < shopRequests; r++) {
          requestId += 1;
          // Oldest first, one a day back from today; the newest is pending.
          const status = (['PENDING', 'APPROVED', 'DENIED'] as const)[r % 3] as
            'PENDING' | 'APPROVED' | 'DENIED';
          const asked = now - (shopRequests - r) * DAY;
          requests.push({
            id: requestId,
            shop_id: shopId,
            status,
            request_date: new Date(asked).toISOString(),
            decided_at: status === 'PENDING' ? null : new Date(asked + 3600e3).toISOString(),
            reason: status === 'PENDING' ? null : 'admin',
          });
          requestItems.push({
            request_id: requestId,
            container_type: types[r % types.length] as string,
            quantity: 1 + (r % 20),
          });
        }
      }
      await bulkInsert(trx, 'shops', shops);
      // Loans first (containers reference their open loan).
      await bulkInsert(trx, 'loans', loans);
      await bulkInsert(trx, 'containers', containers);
      await bulkInsert(trx, 'loan_items', items);
      await bulkInsert(trx, 'container_requests', requests);
      await bulkInsert(trx, 'request_items', requestItems);
    });
    log(
      `  shops ${first + count}/${options.shops}, loans ${loanId}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  await writeAuditEntries(db, options.auditEntries ?? options.loans, log);
}

/** The mix of actions the audit seed writes, roughly as a busy panel makes them. */
const AUDIT_MIX = [
  'loan.lend',
  'loan.lend',
  'loan.return',
  'loan.return',
  'login.success',
  'login.failure',
  'request.approve',
  'request.deny',
  'password.change_own',
  'shop.profile_update',
] as const;

/**
 * `count` audit entries over the last year, oldest first (so ids follow
 * time, as they do when written live), spread over every shop, with the
 * actors, targets and details the real calls write: enough for each
 * filter of GET /audit to page through at scale. Written straight to the
 * table: on PostgreSQL its trigger refuses only UPDATE and DELETE.
 */
export async function writeAuditEntries(
  db: Db,
  count: number,
  log: (text: string) => void = () => undefined,
): Promise<void> {
  const shops = await db.selectFrom('shops').select(['id', 'name']).orderBy('id').execute();
  const admin = await db
    .selectFrom('admins')
    .select(['id', 'email'])
    .orderBy('id')
    .executeTakeFirst();
  if (shops.length === 0 || count <= 0) return;
  const now = Date.now();
  const started = Date.now();
  const chunk = 50_000;
  for (let first = 0; first < count; first += chunk) {
    const rows: Insertable<Database['audit_log']>[] = [];
    for (let i = first; i < Math.min(count, first + chunk); i++) {
      const shop = shops[(i * 7919) % shops.length] as { id: number; name: string };
      const action = AUDIT_MIX[i % AUDIT_MIX.length] as (typeof AUDIT_MIX)[number];
      const byAdmin = action === 'request.approve' || action === 'request.deny';
      const anonymous = action === 'login.failure';
      const request = action.startsWith('request.');
      rows.push({
        at: new Date(now - Math.floor(((count - i) / count) * 365 * DAY)).toISOString(),
        actor_id: anonymous ? null : byAdmin ? (admin?.id ?? null) : shop.id,
        actor_role: anonymous ? 'anonymous' : byAdmin ? 'super_admin' : 'shop',
        actor_name: anonymous ? null : byAdmin ? (admin?.email ?? null) : shop.name,
        action,
        target_kind: request ? 'request' : action.startsWith('loan.') ? 'loan' : 'shop',
        target_id: request || action.startsWith('loan.') ? i + 1 : shop.id,
        target_label: request ? `Request ${i + 1} (${shop.name})` : shop.name,
        shop_id: shop.id,
        address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        user_agent: 'scale-seed',
        details: JSON.stringify(
          action === 'shop.profile_update'
            ? { changes: { phone: { before: '+1 555 0100', after: `+1 555 ${i % 10000}` } } }
            : request
              ? { reason: 'admin' }
              : {},
        ),
      });
    }
    await bulkInsert(db, 'audit_log', rows);
    log(
      `  audit entries ${Math.min(count, first + chunk)}/${count}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}

export interface ShopLoansOptions {
  /** E-mail of the shop that gets the loans (a demo login, say). */
  email: string;
  loans: number;
  log?: (text: string) => void;
}

/** `shop@example.com:50000` → `{ email, loans }`, the value of the seed's `--loans-for`. */
export function parseShopLoans(text: string): { email: string; loans: number } {
  const at = text.lastIndexOf(':');
  const email = text.slice(0, at).trim();
  const loans = Number(text.slice(at + 1));
  if (at < 1 || !email.includes('@') || !Number.isInteger(loans) || loans < 1) {
    throw new Error(
      `--loans-for wants <shop e-mail>:<loans>, e.g. shop@example.com:50000 (got "${text}")`,
    );
  }
  return { email, loans };
}

/**
 * Gives one existing shop `loans` more open loans, one container each, spread
 * over the last year (a third without deadline, most of the rest overdue):
 * what a busy shop's Loans page lists. The demo accounts are seeded first
 * when the database has none, so a demo login can be named.
 */
export function seedShopLoans(db: Db, kind: DbKind, options: ShopLoansOptions): Promise<void> {
  return bulkLoad(db, kind, (conn) => writeShopLoans(conn, options), options.log);
}

async function writeShopLoans(db: Db, options: ShopLoansOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  await ensureDemoData(db);
  const shop = await db
    .selectFrom('shops')
    .select('id')
    .where('email', '=', options.email)
    .executeTakeFirst();
  if (!shop) throw new Error(`No shop with the e-mail ${options.email}`);
  const now = Date.now();
  let containerId = await maxId(db, 'containers');
  let loanId = await maxId(db, 'loans');
  let loanItemId = await maxId(db, 'loan_items');
  const types = CONTAINER_TYPES.map((t) => t.key);
  const started = Date.now();

  const chunk = 25_000;
  for (let first = 0; first < options.loans; first += chunk) {
    const count = Math.min(chunk, options.loans - first);
    await db.transaction().execute(async (trx) => {
      const loans: Insertable<Database['loans']>[] = [];
      const containers: Insertable<Database['containers']>[] = [];
      const items: Insertable<Database['loan_items']>[] = [];
      for (let k = 0; k < count; k++) {
        const j = first + k;
        loanId += 1;
        containerId += 1;
        loanItemId += 1;
        // Oldest first; the newest fall within the last hours.
        const given = new Date(now - Math.ceil(((options.loans - j) / options.loans) * 365 * DAY));
        loans.push({
          id: loanId,
          shop_id: shop.id,
          client: `client-${(j * 7919) % 5000}`,
          given_date: given.toISOString(),
          due_date:
            j % 3 === 0 ? null : new Date(given.getTime() + 14 * DAY).toISOString().slice(0, 10),
          returned_date: null,
        });
        containers.push({
          id: containerId,
          code: randomBytes(12).toString('base64url'),
          type_key: types[j % types.length] as string,
          country: 'United Arab Emirates',
          shop_id: shop.id,
          loan_id: loanId,
          created_at: new Date(now - 400 * DAY).toISOString(),
        });
        items.push({
          id: loanItemId,
          loan_id: loanId,
          container_id: containerId,
          returned_at: null,
          returned_shop_id: null,
        });
      }
      // Loans first (containers reference their open loan).
      await bulkInsert(trx, 'loans', loans);
      await bulkInsert(trx, 'containers', containers);
      await bulkInsert(trx, 'loan_items', items);
    });
    log(
      `  ${options.email}: loans ${first + count}/${options.loans}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}

export interface PendingRequestsOptions {
  requests: number;
  log?: (text: string) => void;
}

/**
 * Adds `requests` PENDING requests of one to three items each, spread over the
 * active shops and the last 30 days (newest now): the queue the super admin's
 * Pending tab shows. The demo is seeded first when the database has no accounts.
 */
export function seedPendingRequests(
  db: Db,
  kind: DbKind,
  options: PendingRequestsOptions,
): Promise<void> {
  return bulkLoad(db, kind, (conn) => writePendingRequests(conn, options), options.log);
}

async function writePendingRequests(db: Db, options: PendingRequestsOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  await ensureDemoData(db);
  const shops = await db
    .selectFrom('shops')
    .select('id')
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  if (shops.length === 0) throw new Error('No active shop to make requests for');
  const types = CONTAINER_TYPES.map((t) => t.key);
  const now = Date.now();
  let requestId = await maxId(db, 'container_requests');
  const chunk = 5_000;
  for (let first = 0; first < options.requests; first += chunk) {
    const count = Math.min(chunk, options.requests - first);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['container_requests']>[] = [];
      const items: Insertable<Database['request_items']>[] = [];
      for (let k = 0; k < count; k++) {
        const j = first + k;
        requestId += 1;
        rows.push({
          id: requestId,
          shop_id: (shops[j % shops.length] as { id: number }).id,
          status: 'PENDING',
          request_date: new Date(
            now - Math.ceil(((options.requests - j) / options.requests) * 30 * DAY),
          ).toISOString(),
          decided_at: null,
          reason: null,
        });
        for (let t = 0; t <= j % 3; t++) {
          items.push({
            request_id: requestId,
            container_type: types[(j + t) % types.length] as string,
            quantity: 1 + ((j * 7 + t * 13) % 99),
          });
        }
      }
      await bulkInsert(trx, 'container_requests', rows);
      await bulkInsert(trx, 'request_items', items);
    });
    log(`  pending requests ${first + count}/${options.requests}`);
  }
}

export interface SeedPlan {
  scale?: ScaleOptions;
  shopLoans?: ShopLoansOptions[];
  pendingRequests?: number;
  log?: (text: string) => void;
}

/**
 * The seed command's whole plan in one bulk load, so indexes, kept figures
 * and statistics are rebuilt once at the end rather than after each part.
 */
export function seed(db: Db, kind: DbKind, plan: SeedPlan): Promise<void> {
  const log = plan.log ?? (() => undefined);
  return bulkLoad(
    db,
    kind,
    async (conn) => {
      if (plan.scale) await writeScale(conn, { ...plan.scale, log });
      for (const shop of plan.shopLoans ?? []) await writeShopLoans(conn, { ...shop, log });
      if (plan.pendingRequests)
        await writePendingRequests(conn, { requests: plan.pendingRequests, log });
    },
    log,
  );
}
