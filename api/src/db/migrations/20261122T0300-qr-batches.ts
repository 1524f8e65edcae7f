import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';

/**
 * Every generate_codes call becomes a batch (who, when, country, type, how
 * many) with its codes in the order they were answered, so a sheet of labels
 * can be printed again without creating new containers.
 */
export function qrBatches(kind: DbKind): Migration {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('qr_batches')
        .addColumn('id', id, idColumn)
        .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull().references('countries.name'))
        .addColumn('type_key', 'text', (c) => c.notNull().references('container_types.key'))
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      // The primary key (batch_id, position) also serves "this batch's codes in order".
      await db.schema
        .createTable('qr_batch_codes')
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('qr_batches.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().references('containers.code'))
        .addPrimaryKeyConstraint('qr_batch_codes_pk', ['batch_id', 'position'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('qr_batch_codes').execute();
      await db.schema.dropTable('qr_batches').execute();
    },
  };
}
