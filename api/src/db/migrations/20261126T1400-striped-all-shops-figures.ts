import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';

import type { DbKind } from '../connect';

/**
 * The all-shops counters and rollups are changed by every shop's lend and
 * return, so on PostgreSQL concurrent counters queued on those few rows'
 * locks (issue 29: 32 counters lending at once). A `slot` joins their keys:
 * a write adds to the slot of its server connection (repositories/figures.ts),
 * reads sum the slots. Existing rows are slot 0; shop rows only ever use 0.
 * SQLite cannot change a primary key in place, so it copies the tables.
 */
const TABLES = [
  { table: 'kept_counts', key: 'name', keyType: sql`text` },
  { table: 'loan_rollups', key: 'bucket', keyType: sql`integer` },
] as const;

/** SQLite: the table again, with or without the slot in its key, its rows summed over slots. */
async function copySqlite(
  db: Kysely<unknown>,
  { table, key, keyType }: { table: string; key: string; keyType: RawBuilder<unknown> },
  striped: boolean,
): Promise<void> {
  const [t, k, pk, cover, copy] = [
    table,
    key,
    `${table}_pk`,
    `${table}_cover_idx`,
    `${table}_copy`,
  ].map((name) => sql.id(name));
  await sql`create table ${copy} (
    scope integer not null, ${k} ${keyType} not null,
    ${striped ? sql`slot integer not null default 0,` : sql``} n bigint not null,
    constraint ${pk} primary key (scope, ${k}${striped ? sql`, slot` : sql``}))`.execute(db);
  await sql`insert into ${copy} (scope, ${k}, n) select scope, ${k}, sum(n) from ${t} group by scope, ${k}`.execute(
    db,
  );
  await sql`drop table ${t}`.execute(db);
  await sql`alter table ${copy} rename to ${t}`.execute(db);
  await sql`create index ${cover} on ${t} (scope, ${k}, n)`.execute(db);
}

export function stripedAllShopsFigures(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const spec of TABLES) {
        if (kind === 'sqlite') {
          await copySqlite(db, spec, true);
          continue;
        }
        const [t, k, pk] = [spec.table, spec.key, `${spec.table}_pk`].map((name) => sql.id(name));
        await sql`alter table ${t} add column slot integer not null default 0`.execute(db);
        await sql`alter table ${t} drop constraint ${pk}`.execute(db);
        await sql`alter table ${t} add constraint ${pk} primary key (scope, ${k}, slot)`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      for (const spec of TABLES) {
        if (kind === 'sqlite') {
          await copySqlite(db, spec, false);
          continue;
        }
        const [t, k, pk] = [spec.table, spec.key, `${spec.table}_pk`].map((name) => sql.id(name));
        await sql`create temporary table summed as
          select scope, ${k}, sum(n) as n from ${t} group by scope, ${k}`.execute(db);
        await sql`delete from ${t}`.execute(db);
        await sql`alter table ${t} drop constraint ${pk}`.execute(db);
        await sql`alter table ${t} drop column slot`.execute(db);
        await sql`alter table ${t} add constraint ${pk} primary key (scope, ${k})`.execute(db);
        await sql`insert into ${t} (scope, ${k}, n) select scope, ${k}, n from summed`.execute(db);
        await sql`drop table summed`.execute(db);
      }
    },
  };
}
