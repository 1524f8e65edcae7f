import { sql, type Kysely, type Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Live updates (issue 33) on PostgreSQL: every audit entry, written in the
 * same transaction as the change it records, raises a NOTIFY on the
 * `panel_live` channel, which PostgreSQL delivers to every listening API
 * process when (and only if) that transaction commits. The payload is the
 * entry's id, action, target and shop: well under NOTIFY's 8,000 bytes.
 * SQLite has one API process, which tails the table itself (lib/live-feed.ts).
 */
export function liveEvents(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`
        create function audit_log_notify() returns trigger language plpgsql as $$
        begin
          perform pg_notify('panel_live', json_build_object(
            'id', new.id, 'action', new.action, 'kind', new.target_kind,
            'target', new.target_id, 'shop', new.shop_id)::text);
          return null;
        end $$`.execute(db);
      await sql`
        create trigger audit_log_notify after insert on audit_log
        for each row execute function audit_log_notify()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`drop trigger audit_log_notify on audit_log`.execute(db);
      await sql`drop function audit_log_notify()`.execute(db);
    },
  };
}
