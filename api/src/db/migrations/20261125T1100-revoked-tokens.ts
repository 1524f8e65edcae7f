import type { Kysely, Migration } from 'kysely';

/**
 * Tokens ended one by one (logout), by their id (`jti`), kept in the
 * database so every API process refuses them. A row is needed only until
 * the token would have expired anyway (`expires_at`, milliseconds since the
 * epoch), after which it is swept.
 */
export const revokedTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('revoked_tokens')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('revoked_tokens_expires_idx')
      .on('revoked_tokens')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('revoked_tokens').execute();
  },
};
