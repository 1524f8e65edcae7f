import type { Kysely, Migration } from 'kysely';

/**
 * Rate-limit counters live in the database, not in one process's memory, so a
 * limit holds across every API process sharing one PostgreSQL. One row per
 * key (route, IP or account): the hits in the current window and when the
 * window ends, in milliseconds since the epoch (bigint on both databases).
 */
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    // Expired windows are swept by reset_at.
    await db.schema
      .createIndex('rate_limits_reset_idx')
      .on('rate_limits')
      .column('reset_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
  },
};
