import type { Kysely, Migration } from 'kysely';

// Each requests tab is "one status, newest first, one page, plus its count",
// for every shop (super admin) or for one shop. These indexes answer the page
// by walking backwards from the newest entry and the count from the index
// alone, so a tab stays cheap with tens of thousands of requests.
const INDEXES: Array<[string, string[]]> = [
  ['requests_status_date_idx', ['status', 'request_date', 'id']],
  ['requests_shop_status_date_idx', ['shop_id', 'status', 'request_date', 'id']],
];

export const requestPaging: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name, columns] of INDEXES) {
      await db.schema.createIndex(name).on('container_requests').columns(columns).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  },
};
