import { sql, type Kysely, type Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Dashboard figures and list totals kept in the transactions that change
 * them instead of recounted per request (a count over a million loans blocks
 * every other request behind it).
 *
 * - kept_counts: one counter per (scope, name). scope is a shop id, 0 for
 *   every shop together, -1 for the provider's warehouse. Names: `loans`,
 *   `loans_open`, `clients`, `in_stock:<type>`, `on_loan:<type>`,
 *   `requests:<status>` (per shop and 0), `shops:<status>` (scope 0 only).
 * - shop_clients: each (shop, client) pair once, so `clients` (distinct
 *   clients ever) is bumped exactly when a lend meets a new client, even when
 *   two lends race on PostgreSQL (the primary key decides).
 * - loan_rollups: loans given per scope (shop id or 0) and 15-minute UTC
 *   bucket (epoch seconds / 900). Every IANA zone's offset is a multiple of
 *   15 minutes, so any zone's local days are whole runs of buckets.
 *
 * The backfill counts the existing rows; it is written out here (not
 * imported) so the migration keeps doing what it did when it landed.
 */
export function keptFigures(kind: DbKind): Migration {
  const bucket =
    kind === 'postgres'
      ? sql`floor(extract(epoch from given_date::timestamptz) / 900)::integer`
      : sql`cast(strftime('%s', given_date) as integer) / 900`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kept_counts')
        .addColumn('scope', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('kept_counts_pk', ['scope', 'name'])
        .execute();
      await db.schema
        .createTable('shop_clients')
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('client', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('shop_clients_pk', ['shop_id', 'client'])
        .execute();
      await db.schema
        .createTable('loan_rollups')
        .addColumn('scope', 'integer', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('loan_rollups_pk', ['scope', 'bucket'])
        .execute();

      await sql`insert into shop_clients (shop_id, client) select distinct shop_id, client from loans`.execute(
        db,
      );
      await sql`
        insert into kept_counts (scope, name, n)
        select shop_id, 'loans', count(*) from loans group by shop_id
        union all select 0, 'loans', count(*) from loans having count(*) > 0
        union all select shop_id, 'loans_open', count(*) from loans where returned_date is null group by shop_id
        union all select 0, 'loans_open', count(*) from loans where returned_date is null having count(*) > 0
        union all select shop_id, 'clients', count(*) from shop_clients group by shop_id
        union all select 0, 'clients', count(*) from shop_clients having count(*) > 0
        union all
          select coalesce(shop_id, -1), case when loan_id is null then 'in_stock:' else 'on_loan:' end || type_key, count(*)
          from containers group by coalesce(shop_id, -1), case when loan_id is null then 'in_stock:' else 'on_loan:' end || type_key
        union all
          select 0, case when loan_id is null then 'in_stock:' else 'on_loan:' end || type_key, count(*)
          from containers where shop_id is not null group by case when loan_id is null then 'in_stock:' else 'on_loan:' end || type_key
        union all select 0, 'shops:' || status, count(*) from shops group by status
        union all select shop_id, 'requests:' || status, count(*) from container_requests group by shop_id, status
        union all select 0, 'requests:' || status, count(*) from container_requests group by status
      `.execute(db);
      await sql`
        insert into loan_rollups (scope, bucket, n)
        select shop_id, ${bucket}, count(*) from loans group by shop_id, ${bucket}
        union all select 0, ${bucket}, count(*) from loans group by ${bucket}
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['loan_rollups', 'shop_clients', 'kept_counts']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
