import type { Kysely, Migration } from 'kysely';

/**
 * A shop's loan period: the counter's lend form proposes a due date this many
 * days ahead (14 unless the shop sets another in its profile).
 */
export const shopLoanDays: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('shops')
      .addColumn('loan_days', 'integer', (c) => c.notNull().defaultTo(14))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shops').dropColumn('loan_days').execute();
  },
};
