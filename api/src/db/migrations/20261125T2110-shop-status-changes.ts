import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Every activation and deactivation of a shop, with the super admin's reason:
 * the shop page's status history, and the text a deactivated shop reads on
 * its next call. Written in the same transaction as the status change.
 */
export function shopStatusChanges(kind: DbKind): Migration {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shop_status_changes')
        .addColumn('id', id, idColumn)
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addColumn('changed_by', 'integer', (c) => c.references('admins.id'))
        .execute();
      // A shop's history in order, and its latest change (the deactivation reason).
      await db.schema
        .createIndex('shop_status_changes_shop_idx')
        .on('shop_status_changes')
        .columns(['shop_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shop_status_changes').execute();
    },
  };
}
