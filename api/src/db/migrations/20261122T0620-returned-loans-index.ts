import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A shop's returned loans from a partial index over the returned loans only.
 * SQLite's statistics for the (shop_id, returned_date, id) index say one row
 * per (shop, returned_date), every return having its own instant, so it also
 * chose that index for a shop's open loans (returned_date IS NULL: 50,000
 * rows for the busiest shop) and sorted them per page instead of walking the
 * open-loans index. Restricted to returned loans, the index no longer
 * applies to the open ones, and still serves the returns list in order.
 */
export const returnedLoansIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('loans_shop_returned_partial_idx')
      .on('loans')
      .columns(['shop_id', 'returned_date', 'id'])
      .where(sql.ref('returned_date'), 'is not', null)
      .execute();
    await db.schema.dropIndex('loans_shop_returned_page_idx').execute();
    // Statistics for the new index at once: without them SQLite guesses
    // its selectivity, and it is the statistics that picked the wrong index.
    await sql`analyze loans`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createIndex('loans_shop_returned_page_idx')
      .on('loans')
      .columns(['shop_id', 'returned_date', 'id'])
      .execute();
    await db.schema.dropIndex('loans_shop_returned_partial_idx').execute();
  },
};
