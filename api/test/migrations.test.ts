import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Client } from 'pg';

import { connect, type Db } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { createTestContext, type TestContext } from './helpers';

// The migrator keeps its own tables in the schema it migrates. On PostgreSQL
// another schema of the same database already holds migrated tables (the
// test context's): unnamed, the migrator took that schema's kysely_migration
// for its own, skipped creating one, then failed reading it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A second, empty database beside the context's: a new schema on PostgreSQL, a new file on SQLite. */
async function secondDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (ctx.kind === 'sqlite') {
    const { db } = connect('sqlite::memory:');
    return { db, drop: () => db.destroy() };
  }
  const url = process.env.PG_TEST_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const { db } = connect(url, { schema });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

it('migrates a second database beside a migrated one, with migration records of its own', async () => {
  const second = await secondDatabase();
  try {
    await migrateToLatest(second.db, ctx.kind);
    const own = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
    const first = await sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db);
    expect(own.rows.map((r) => r.name).sort()).toEqual(first.rows.map((r) => r.name).sort());
    // Its tables are its own, and a second run has nothing left to do.
    await migrateToLatest(second.db, ctx.kind);
    const { rows } = await sql<{ n: number }>`select count(*) as n from shops`.execute(second.db);
    expect(Number(rows[0]?.n)).toBe(0);
  } finally {
    await second.drop();
  }
});
