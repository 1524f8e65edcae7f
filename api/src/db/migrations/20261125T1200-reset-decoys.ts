import type { Kysely, Migration } from 'kysely';

/**
 * A stand-in reset code for an e-mail without an account, so the reset step
 * counts its tries exactly as for a real code: `tries_left` and the 429 then
 * tell nobody whether the e-mail has an account (issue 28, item 7). Keyed by
 * the SHA-256 of the normalised e-mail; no code, nothing that can succeed.
 */
export const resetDecoys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reset_decoys')
      .addColumn('email_hash', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reset_decoys').execute();
  },
};
