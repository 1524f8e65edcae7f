import { sql } from 'kysely';

import { seedShopLoans } from '../src/db/scale-seed';
import { rebuildFigures } from '../src/repositories/figures';
import { addStock, createTestContext, type TestContext } from './helpers';

/**
 * Un-paged lists (the spec's default answers) of more rows than SQLite's
 * 32,766 bound parameters: they used to put every id in one IN (…) and
 * answer 500 "too many SQL variables".
 */
const LOANS = 33_000;
const REQUESTS = 33_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedShopLoans(ctx.db, ctx.kind, { email: ctx.shopA.email, loans: LOANS });
  // One statement per table (no rows built here): shop B's requests, one cup each.
  await ctx.db.transaction().execute(async (trx) => {
    await sql`
      with recursive n (i) as (select 1 union all select i + 1 from n where i < ${REQUESTS})
      insert into container_requests (shop_id, status, request_date, decided_at, reason)
      select cast(${ctx.shopB.id} as integer), 'PENDING', ${new Date().toISOString()}, null, null
      from n`.execute(trx);
    await sql`
      insert into request_items (request_id, container_type, quantity)
      select id, 'cup', 1 from container_requests where shop_id = ${ctx.shopB.id}`.execute(trx);
  });
  // Written straight to the tables, so the kept totals are recounted.
  await rebuildFigures(ctx.db);
}, 120_000);
afterAll(() => ctx.close());

it(`lists all ${LOANS} open loans of a shop without a limit`, async () => {
  const res = await ctx.call({
    method: 'GET',
    url: '/api/v0/pack/containers/loans/',
    token: ctx.shopA.token,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(LOANS));
  const loans = res.json() as Array<{ containers: unknown[] }>;
  expect(loans).toHaveLength(LOANS);
  expect(loans.every((loan) => loan.containers.length === 1)).toBe(true);
}, 60_000);

it(`lists all ${REQUESTS} requests of a shop without a limit`, async () => {
  const res = await ctx.call({
    method: 'GET',
    url: '/api/v0/pack/container-requests/',
    token: ctx.shopB.token,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(REQUESTS));
  const requests = res.json() as Array<{ items: unknown[] }>;
  expect(requests).toHaveLength(REQUESTS);
  expect(requests.every((request) => request.items.length === 1)).toBe(true);
}, 60_000);

it(`pages deep into the ${LOANS} open loans exactly as the whole list orders them`, async () => {
  const ids = async (query: string) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v0/pack/containers/loans/${query}`,
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ id: number }>).map((loan) => loan.id);
  };
  const whole = await ids('');
  // Either side of the marks a deep page starts from (every 1,000 rows on
  // SQLite), from the start and, past the middle, from the far end.
  for (const offset of [999, 1_000, 1_001, 2_500, 16_499, 16_500, 25_000, 31_999, 32_000, 32_950]) {
    for (const limit of [1, 25, 100]) {
      expect(await ids(`?limit=${limit}&offset=${offset}`)).toEqual(
        whole.slice(offset, offset + limit),
      );
    }
  }
}, 60_000);

it('pages deep right after writes: kept marks across another list’s write, read again after a lend or a return', async () => {
  const page = async (offset: number) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v0/pack/containers/loans/?limit=5&offset=${offset}`,
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: number; containers: Array<{ code: string }> }>;
  };
  const post = async (url: string, payload: object) => {
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v0${url}`,
      payload,
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBeLessThan(300);
    return res.json() as { id: number };
  };
  // From the start of the list and, past its middle, from its far end.
  const offsets = [2_500, 30_000];
  const pages = (shift: number) => Promise.all(offsets.map((offset) => page(offset + shift)));
  const before = await pages(0);
  // A write to another list moves the database's change stamp, not the loans' order.
  await post('/pack/containers/request_container/', {
    containers: [{ container_type: 'cup', count: 1 }],
  });
  expect(await pages(0)).toEqual(before);
  // A lend puts a loan first: every row moves down one.
  const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
  const lent = await post('/pack/containers/lend/', { codes: [code], client: 'deep-pages' });
  expect((await page(0))[0]?.id).toBe(lent.id);
  expect(await pages(1)).toEqual(before);
  // Returning it, and then a loan above the page, move the rows back up.
  await post('/pack/containers/return/', { codes: [code] });
  expect(await pages(0)).toEqual(before);
  const [above] = await page(10);
  await post('/pack/containers/return/', { codes: above?.containers.map((c) => c.code) ?? [] });
  expect(await pages(-1)).toEqual(before);
}, 60_000);

it('keeps deep pages exact while lends race with them', async () => {
  const get = async (query: string) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v0/pack/containers/loans/${query}`,
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ id: number }>).map((loan) => loan.id);
  };
  for (let round = 0; round < 3; round++) {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 4);
    // Four lends and twenty deep reads at once: marks read while lends commit.
    const lends = codes.map((code, i) =>
      ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/lend/',
        payload: { codes: [code], client: `race-${round}-${i}` },
        token: ctx.shopA.token,
      }),
    );
    const reads = Array.from({ length: 20 }, (_, i) => get(`?limit=5&offset=${2_000 + i * 100}`));
    const settled = await Promise.all([...lends, ...reads]);
    expect(
      settled.slice(0, 4).every((res) => (res as { statusCode: number }).statusCode < 300),
    ).toBe(true);
    // Once they have settled, every deep page is what the database orders
    // there (asked directly: the un-paged list reads through the marks too).
    for (const offset of [2_000, 2_500, 30_000]) {
      const expected = await ctx.db
        .selectFrom('loans')
        .select('id')
        .where('shop_id', '=', ctx.shopA.id)
        .where('returned_date', 'is', null)
        .orderBy('given_date', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .offset(offset)
        .execute();
      expect(await get(`?limit=5&offset=${offset}`)).toEqual(expected.map((row) => row.id));
    }
  }
}, 120_000);
