import type { Kysely, Migration } from 'kysely';

import type { DbKind } from '../connect';

/** The first schema: accounts, reference data, containers, loans, requests. */
export function initial(kind: DbKind): Migration {
  // Portable column types only; the id column is the one place the two differ.
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: import('kysely').ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admins')
        .addColumn('id', id, idColumn)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('shops')
        .addColumn('id', id, idColumn)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('created_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('x_gis', 'double precision')
        .addColumn('y_gis', 'double precision')
        .addColumn('password_hash', 'text')
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('container_types')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('guarantee_amount', 'double precision', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('countries')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .execute();

      await db.schema
        .createTable('loans')
        .addColumn('id', id, idColumn)
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('given_date', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text')
        .addColumn('returned_date', 'text')
        .execute();

      await db.schema
        .createTable('containers')
        .addColumn('id', id, idColumn)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('type_key', 'text', (c) => c.notNull().references('container_types.key'))
        .addColumn('country', 'text', (c) => c.notNull().references('countries.name'))
        .addColumn('shop_id', 'integer', (c) => c.references('shops.id'))
        .addColumn('loan_id', 'integer', (c) => c.references('loans.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('loan_items')
        .addColumn('id', id, idColumn)
        .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id'))
        .addColumn('container_id', 'integer', (c) => c.notNull().references('containers.id'))
        .addColumn('returned_at', 'text')
        .addColumn('returned_shop_id', 'integer', (c) => c.references('shops.id'))
        .execute();

      await db.schema
        .createTable('container_requests')
        .addColumn('id', id, idColumn)
        .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('request_date', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('reason', 'text')
        .execute();

      await db.schema
        .createTable('request_items')
        .addColumn('id', id, idColumn)
        .addColumn('request_id', 'integer', (c) => c.notNull().references('container_requests.id'))
        .addColumn('container_type', 'text', (c) => c.notNull().references('container_types.key'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('reset_codes')
        .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull())
        .execute();

      // Every dashboard figure and list filters by shop (or by nothing) and
      // these columns, so each is answered from an index, not a table scan.
      const indexes: Array<[string, string, string[]]> = [
        ['containers_place_idx', 'containers', ['shop_id', 'loan_id', 'type_key']],
        ['containers_loan_idx', 'containers', ['loan_id']],
        ['loans_shop_given_idx', 'loans', ['shop_id', 'given_date']],
        ['loans_shop_open_idx', 'loans', ['shop_id', 'returned_date', 'given_date']],
        ['loans_given_idx', 'loans', ['given_date']],
        ['loans_shop_client_idx', 'loans', ['shop_id', 'client']],
        ['loan_items_loan_idx', 'loan_items', ['loan_id']],
        ['loan_items_container_idx', 'loan_items', ['container_id', 'returned_at']],
        ['requests_shop_idx', 'container_requests', ['shop_id', 'id']],
        ['request_items_request_idx', 'request_items', ['request_id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'reset_codes',
        'request_items',
        'container_requests',
        'loan_items',
        'containers',
        'loans',
        'countries',
        'container_types',
        'shops',
        'admins',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
