import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The shop's loans as a work-list (issue 31):
 * - the client's phone and e-mail, optional at lending;
 * - the guarantee a loan still holds (its containers not back yet), in
 *   cents, kept by every lend, return, undo and write-off, and filled here
 *   for the loans that exist;
 * - how often and when the client was last reminded;
 * - containers written off as lost (the loan item and the container say
 *   when, the item why);
 * - open loans by due date (with what they hold, so the overdue deposit is
 *   read from the index) and by client, for the filters and sorts; every
 *   loan by due date, for the return rate.
 */
export const loanWorklist: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('loans').addColumn('client_phone', 'text').execute();
    await db.schema.alterTable('loans').addColumn('client_email', 'text').execute();
    await db.schema
      .alterTable('loans')
      .addColumn('held_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('loans')
      .addColumn('reminders', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('loans').addColumn('last_reminded_at', 'text').execute();
    await db.schema.alterTable('loan_items').addColumn('lost_at', 'text').execute();
    await db.schema.alterTable('loan_items').addColumn('lost_reason', 'text').execute();
    await db.schema.alterTable('containers').addColumn('lost_at', 'text').execute();
    await sql`
      update loans set held_cents = coalesce((
        select sum(cast(round(container_types.guarantee_amount * 100) as integer))
        from loan_items
        join containers on containers.id = loan_items.container_id
        join container_types on container_types.key = containers.type_key
        where loan_items.loan_id = loans.id and loan_items.returned_at is null
      ), 0)
      where returned_date is null
    `.execute(db);
    await db.schema
      .createIndex('loans_shop_open_due_idx')
      .on('loans')
      .columns(['shop_id', 'due_date', 'held_cents'])
      .where(sql.ref('returned_date'), 'is', null)
      .execute();
    // Every loan by due date, for the return rate over the last weeks.
    await db.schema
      .createIndex('loans_shop_due_idx')
      .on('loans')
      .columns(['shop_id', 'due_date'])
      .execute();
    await db.schema
      .createIndex('loans_shop_open_client_idx')
      .on('loans')
      .columns(['shop_id', 'client'])
      .where(sql.ref('returned_date'), 'is', null)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('loans_shop_open_client_idx').execute();
    await db.schema.dropIndex('loans_shop_due_idx').execute();
    await db.schema.dropIndex('loans_shop_open_due_idx').execute();
    for (const column of ['lost_at'])
      await db.schema.alterTable('containers').dropColumn(column).execute();
    for (const column of ['lost_reason', 'lost_at'])
      await db.schema.alterTable('loan_items').dropColumn(column).execute();
    for (const column of [
      'last_reminded_at',
      'reminders',
      'held_cents',
      'client_email',
      'client_phone',
    ])
      await db.schema.alterTable('loans').dropColumn(column).execute();
  },
};
