import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the provider decided beyond approved/denied: per line, how many it
 * approved (a partial approval may give fewer than asked, down to 0); the
 * denial's explanation for the shop, kept apart from the spec's `reason`
 * ('admin'); and the lifecycle past approval, sent by the provider and
 * received by the shop.
 */
export const requestDecisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('request_items').addColumn('approved', 'integer').execute();
    for (const column of ['explanation', 'sent_at', 'received_at'])
      await db.schema.alterTable('container_requests').addColumn(column, 'text').execute();
    // Requests decided before this migration were approved whole, or denied whole.
    await sql`
      update request_items set approved = case
        (select status from container_requests r where r.id = request_items.request_id)
        when 'APPROVED' then quantity when 'DENIED' then 0 end`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('request_items').dropColumn('approved').execute();
    for (const column of ['explanation', 'sent_at', 'received_at'])
      await db.schema.alterTable('container_requests').dropColumn(column).execute();
  },
};
