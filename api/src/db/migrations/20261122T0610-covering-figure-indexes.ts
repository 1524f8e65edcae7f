import type { Kysely, Migration } from 'kysely';

/**
 * The dashboards read a scope's counters and a week of its rollup buckets
 * (up to 672 rows). With only the (scope, bucket) key, PostgreSQL fetched
 * each of those rows from the heap, where a busy shop's buckets lie on as
 * many pages as rows (8 ms for one week); with n in the index both databases
 * answer from the index alone.
 */
const INDEXES: Array<[string, string, string[]]> = [
  ['loan_rollups_cover_idx', 'loan_rollups', ['scope', 'bucket', 'n']],
  ['kept_counts_cover_idx', 'kept_counts', ['scope', 'name', 'n']],
];

export const coveringFigureIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, table, columns] of INDEXES) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  },
};
