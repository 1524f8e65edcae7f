import { sql } from 'kysely';

import { createTestContext, type TestContext } from './helpers';

// Migration 20261129T0900: the containers-by-loan index holds the containers
// on loan only, so a lend adds its entries and a return removes them, and
// the stock in shops (loan_id NULL) is read from the place index.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** SQLite's plan for a statement, its steps' details one per line. */
async function sqlitePlan(statement: string): Promise<string> {
  const plan = await sql<{ detail: string }>`explain query plan ${sql.raw(statement)}`.execute(
    ctx.db,
  );
  return plan.rows.map((r) => r.detail).join('\n');
}

it('keeps only the containers on loan in containers_loan_idx', async () => {
  const definition =
    ctx.kind === 'sqlite'
      ? await sql<{ text: string }>`select sql as text from sqlite_master
          where type = 'index' and name = 'containers_loan_idx'`.execute(ctx.db)
      : await sql<{ text: string }>`select indexdef as text from pg_indexes
          where schemaname = current_schema() and indexname = 'containers_loan_idx'`.execute(
          ctx.db,
        );
  expect(definition.rows).toHaveLength(1);
  expect(definition.rows[0]?.text).toMatch(/where \(?"?loan_id"? is not null\)?$/i);
});

describe('SQLite plans around it', () => {
  it("reads a loan's containers from it", async () => {
    if (ctx.kind !== 'sqlite') return;
    expect(await sqlitePlan('select code from containers where loan_id = 1')).toMatch(
      /USING INDEX containers_loan_idx \(loan_id=\?\)/,
    );
  });

  it("reads a shop's stock from the place index, not from every container in stock", async () => {
    if (ctx.kind !== 'sqlite') return;
    const plan = await sqlitePlan(
      'select code from containers where shop_id = 1 and loan_id is null order by id',
    );
    expect(plan).toMatch(
      /USING (COVERING )?INDEX containers_place_idx \(shop_id=\? AND loan_id=\?\)/,
    );
  });

  it("takes a lend's and an approval's containers by their ids", async () => {
    if (ctx.kind !== 'sqlite') return;
    // As lendCheckedContainers and decideRequest write them.
    const lend = await sqlitePlan(
      'update containers set loan_id = 1 where id in (1, 2, 3) and loan_id is null returning id',
    );
    const approval = await sqlitePlan(
      'update containers set shop_id = 1 where id in (1, 2, 3) and coalesce(shop_id, loan_id) is null',
    );
    for (const plan of [lend, approval])
      expect(plan).toMatch(/^SEARCH containers USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
  });
});
