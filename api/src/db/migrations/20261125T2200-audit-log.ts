import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Who did what (issue 33): one row per action, appended in the same
 * transaction as the change (lib/audit.ts). shop_id is the shop an entry
 * concerns (the target shop, or the shop of a request), for the shop filter.
 * The API never changes a row: on PostgreSQL a trigger refuses UPDATE,
 * TRUNCATE and DELETE, except the DELETE of audit_prune(), which sets
 * audit.prune for its own transaction; on SQLite a trigger refuses UPDATE.
 */
export function auditLog(kind: DbKind): Migration {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', id, idColumn)
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_role', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer')
        .addColumn('target_label', 'text')
        .addColumn('shop_id', 'integer')
        .addColumn('address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('details', 'text', (c) => c.notNull())
        .execute();
      // Pages are newest first by id (the primary key); each filter walks its
      // own index in id order, and the date range and prune walk `at`.
      const indexes: Array<[string, string[]]> = [
        ['audit_log_actor', ['actor_role', 'actor_id', 'id']],
        ['audit_log_action', ['action', 'id']],
        ['audit_log_shop', ['shop_id', 'id']],
        ['audit_log_at', ['at']],
      ];
      for (const [name, columns] of indexes)
        await db.schema.createIndex(name).on('audit_log').columns(columns).execute();

      if (kind === 'postgres') {
        await sql`
          create function audit_log_append_only() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' and current_setting('audit.prune', true) = 'on' then
              return old;
            end if;
            raise exception 'audit_log is append-only: % refused', tg_op;
          end $$`.execute(db);
        await sql`
          create trigger audit_log_append_only before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
        await sql`
          create trigger audit_log_no_truncate before truncate on audit_log
          for each statement execute function audit_log_append_only()`.execute(db);
        await sql`
          create function audit_prune(cutoff text) returns integer language plpgsql as $$
          declare removed integer;
          begin
            perform set_config('audit.prune', 'on', true);
            delete from audit_log where at < cutoff;
            get diagnostics removed = row_count;
            perform set_config('audit.prune', 'off', true);
            return removed;
          end $$`.execute(db);
      } else {
        await sql`
          create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
      if (kind === 'postgres') {
        await sql`drop function audit_prune(text)`.execute(db);
        await sql`drop function audit_log_append_only()`.execute(db);
      }
    },
  };
}
