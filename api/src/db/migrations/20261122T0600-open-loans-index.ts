import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A shop's open loans, newest first, from a partial index over the open
 * loans only. PostgreSQL does not take `returned_date IS NULL` as an equality
 * for ordering, so with the (shop_id, returned_date, given_date, id) index it
 * read every open loan of the shop and sorted them for each page (170 ms for
 * a page of a 50,000-loan shop); with the predicate in the index the page is
 * a backward index walk on both databases.
 */
export const openLoansIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('loans_shop_open_partial_idx')
      .on('loans')
      .columns(['shop_id', 'given_date', 'id'])
      .where(sql.ref('returned_date'), 'is', null)
      .execute();
    await db.schema.dropIndex('loans_shop_open_page_idx').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('loans_shop_open_page_idx')
      .on('loans')
      .columns(['shop_id', 'returned_date', 'given_date', 'id'])
      .execute();
    await db.schema.dropIndex('loans_shop_open_partial_idx').execute();
  },
};
