import type { Kysely, Migration } from 'kysely';

/**
 * A shop's minimum free stock per container type, set in its profile: the
 * dashboard warns when free stock of a type drops below it. No row means no
 * minimum for that type.
 */
export const shopStockMinimums: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('shop_stock_minimums')
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
      .addColumn('type_key', 'text', (c) => c.notNull().references('container_types.key'))
      .addColumn('minimum', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('shop_stock_minimums_pk', ['shop_id', 'type_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('shop_stock_minimums').execute();
  },
};
