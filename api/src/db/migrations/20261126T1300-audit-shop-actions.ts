import type { Kysely } from 'kysely';

/**
 * A shop's own activity (GET /shops/activity) is a few kinds of its entries
 * (logins, passwords, decisions) among many lends and returns: this index
 * finds those kinds of one shop without walking all its entries.
 */
export const auditShopActions = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('audit_log_shop_action')
      .on('audit_log')
      .columns(['shop_id', 'action', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_log_shop_action').execute();
  },
};
