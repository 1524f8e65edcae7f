import { sql, type Kysely, type Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Kept per-shop, per-due-day loan figures, so the shop page, the shop
 * list's columns and the dashboard's league table read a few rows instead
 * of a shop's loans (or all of them):
 *
 * - shop_due_days: for each shop and due date, its open loans and the
 *   guarantee they hold (cents), the containers lent on loans due that day
 *   (fell_due, once the day is past) and how many of those came back by the
 *   end of it (on_time): the return rate's terms. Overdue counts move with
 *   the date and no write: "overdue" is every open dated loan minus those
 *   due today or later (rows from today on, a bounded range), the ageing
 *   buckets sum the 30 days before today, the return rates sum the 28 or
 *   84 days before today.
 * - kept_counts gains `loans_open_dated`, `held_open` and `held_open_dated`
 *   (cents) per shop and for all shops (scope 0): the totals the overdue
 *   figures are the complement of.
 *
 * The backfill counts the existing rows; it is written out here (not
 * imported) so the migration keeps doing what it did when it landed.
 */
const NAMES = ['loans_open_dated', 'held_open', 'held_open_dated'];

export function dueDayFigures(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Read by shop, then day: on SQLite the rows lie in key order (without
      // rowid), on PostgreSQL the key's index carries the figures, so a shop's
      // days are one short range either way.
      await db.schema
        .createTable('shop_due_days')
        .addColumn('shop_id', 'integer', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('open_loans', 'bigint', (c) => c.notNull())
        .addColumn('held_cents', 'bigint', (c) => c.notNull())
        .addColumn('fell_due', 'bigint', (c) => c.notNull())
        .addColumn('on_time', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('shop_due_days_pk', ['shop_id', 'due_date'])
        .$call((table) => (kind === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      if (kind === 'postgres') {
        await sql`
        create index shop_due_days_cover_idx on shop_due_days (shop_id, due_date)
        include (open_loans, held_cents, fell_due, on_time)
      `.execute(db);
      }
      await sql`
      insert into shop_due_days (shop_id, due_date, open_loans, held_cents, fell_due, on_time)
      select shop_id, due_date, sum(open_loans), sum(held_cents), sum(fell_due), sum(on_time)
      from (
        select shop_id, due_date, count(*) as open_loans, sum(held_cents) as held_cents,
          0 as fell_due, 0 as on_time
        from loans
        where returned_date is null and due_date is not null
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
    `.execute(db);
      await sql`
      insert into kept_counts (scope, name, n)
      select scope, name, n from (
        select shop_id as scope, 'loans_open_dated' as name, count(*) as n
        from loans where returned_date is null and due_date is not null group by shop_id
        union all
        select shop_id, 'held_open', sum(held_cents)
        from loans where returned_date is null group by shop_id
        union all
        select shop_id, 'held_open_dated', sum(held_cents)
        from loans where returned_date is null and due_date is not null group by shop_id
      ) shops
      union all
      select 0, name, sum(n) from (
        select 'loans_open_dated' as name, count(*) as n
        from loans where returned_date is null and due_date is not null
        union all
        select 'held_open', sum(held_cents) from loans where returned_date is null
        union all
        select 'held_open_dated', sum(held_cents)
        from loans where returned_date is null and due_date is not null
      ) totals
      where n is not null and n <> 0
      group by name
    `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`delete from kept_counts where name in (${sql.join(NAMES)})`.execute(db);
      await db.schema.dropTable('shop_due_days').execute();
    },
  };
}
