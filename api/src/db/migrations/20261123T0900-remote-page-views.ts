import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';
import { remoteLoadReports } from './20261122T0500-remote-load-reports';

/**
 * One row per page view of a remote version, keyed by the view of its signed
 * ticket (lib/view-tickets.ts): the unique key lets a view in once, and its
 * failure is a column of the same row, so a view fails at most once and
 * failures never outnumber loads, whatever is sent and on any number of API
 * processes. The anonymous reports of remote_load_reports proved nothing
 * (anyone could send any count for any version), so they are dropped.
 */
export function remotePageViews(kind: DbKind): Migration {
  const id = kind === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('remote_load_reports').execute();
      await db.schema
        .createTable('remote_page_views')
        .addColumn('id', id, idColumn)
        .addColumn('view', 'text', (c) => c.notNull().unique())
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('failed_at', 'bigint')
        .addColumn('reason', 'text')
        .execute();
      // The controller reads a version's newest views first.
      await db.schema
        .createIndex('remote_page_views_version_idx')
        .on('remote_page_views')
        .columns(['remote', 'version', 'id'])
        .execute();
      // Old views are swept by time.
      await db.schema
        .createIndex('remote_page_views_created_idx')
        .on('remote_page_views')
        .column('created_at')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('remote_page_views').execute();
      await remoteLoadReports(kind).up(db);
    },
  };
}
