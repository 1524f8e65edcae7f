import type { Kysely, Migration } from 'kysely';

/**
 * Mails sent once (issue 32): a mail's deterministic key ('activation:<shop>:<n>',
 * 'decision:<request>', 'digest:<admin>:<day>') is inserted before it is sent,
 * and the primary key lets only one of two racing calls or processes do so.
 * Set-password links: only the SHA-256 of the token is kept, with its expiry
 * and the time it was used. Notification settings: one row per super admin
 * who changed them (no row: the daily digest is on).
 */
export const mails: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sent_mails')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('set_password_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('set_password_tokens_shop')
      .on('set_password_tokens')
      .column('shop_id')
      .execute();
    await db.schema
      .createTable('notification_settings')
      .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admins.id'))
      .addColumn('daily_digest', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_settings').execute();
    await db.schema.dropTable('set_password_tokens').execute();
    await db.schema.dropTable('sent_mails').execute();
  },
};
