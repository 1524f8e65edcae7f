import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Page loads and failures of each remote version, reported by the shell, so
 * the release controller sees every API process's reports. Read newest first
 * per remote and version, over the last N rows: the index serves exactly that.
 */
export function remoteLoadReports(kind: DbKind): Migration {
  const id = kind === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('remote_load_reports')
        .addColumn('id', id, idColumn)
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_load_reports_version_idx')
        .on('remote_load_reports')
        .columns(['remote', 'version', 'id'])
        .execute();
      // Old reports are swept by time.
      await db.schema
        .createIndex('remote_load_reports_created_idx')
        .on('remote_load_reports')
        .column('created_at')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('remote_load_reports').execute();
    },
  };
}
