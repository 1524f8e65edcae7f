import type { Kysely, Migration } from 'kysely';

/**
 * An index for every filter and order of the panel's lists, each ending in
 * the id tie-break so a page (any offset) is read in index order without a
 * sort, and the ids of a page come from the index alone (see listLoans).
 * loans_shop_open_idx is a prefix of the new open-loans index, so it goes.
 */
const INDEXES: Array<[string, string, string[]]> = [
  ['loans_shop_open_page_idx', 'loans', ['shop_id', 'returned_date', 'given_date', 'id']],
  ['loans_shop_returned_page_idx', 'loans', ['shop_id', 'returned_date', 'id']],
  ['requests_status_page_idx', 'container_requests', ['status', 'id']],
  ['requests_shop_status_page_idx', 'container_requests', ['shop_id', 'status', 'id']],
  ['shops_newest_idx', 'shops', ['created_date', 'id']],
];

export const listIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, table, columns] of INDEXES) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }
    await db.schema.dropIndex('loans_shop_open_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('loans_shop_open_idx')
      .on('loans')
      .columns(['shop_id', 'returned_date', 'given_date'])
      .execute();
    for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  },
};
