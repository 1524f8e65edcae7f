import type { Kysely, Migration } from 'kysely';

/**
 * The first answer to each call sent with an Idempotency-Key, kept 24 h so a
 * retry after a time-out gets it again instead of lending twice (see
 * lib/idempotency.ts). The key is the caller's own: one shop's key never
 * meets another's. `status` is null while the first call is still running.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
      .execute();
    // Answers older than 24 h are swept by created_at.
    await db.schema
      .createIndex('idempotency_keys_created_idx')
      .on('idempotency_keys')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
