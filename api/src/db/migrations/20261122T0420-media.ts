import type { Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Uploaded images (shop logos) live in the database, not on one API
 * process's disk, so every process behind a load balancer serves every
 * logo. Bytes as blob (SQLite) or bytea (PostgreSQL), the one column type
 * that differs.
 */
export function media(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('data', kind === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('media').execute();
    },
  };
}
