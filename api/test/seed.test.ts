import { parseShopLoans, seed, seedShopLoans } from '../src/db/scale-seed';
import { keptFigures, recountFigures } from '../src/repositories/figures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, token: string) =>
  ctx.call({ method: 'GET', url: `/api/v0${url}`, token });
const countLoans = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// More than one batch of 10,000, so the batching is part of what is tested.
const SEEDED = 12_345;

describe('seedShopLoans (seed --loans-for)', () => {
  beforeAll(async () => {
    await seedShopLoans(ctx.db, ctx.kind, { email: ctx.shopA.email, loans: SEEDED });
  });

  it("gives the shop that many open loans, one container each, on its Loans list's pages", async () => {
    const first = await get('/pack/containers/loans/?limit=25&offset=0', ctx.shopA.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(SEEDED));
    const items: Array<{ given_date: string; containers: unknown[] }> = first.json();
    expect(items).toHaveLength(25);
    expect(items.every((loan) => loan.containers.length === 1)).toBe(true);
    const dates = items.map((loan) => loan.given_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Date.parse(dates[0] as string)).toBeLessThanOrEqual(Date.now());

    const last = await get(
      `/pack/containers/loans/?limit=25&offset=${SEEDED - 5}`,
      ctx.shopA.token,
    );
    expect(last.json()).toHaveLength(5);
  });

  it("leaves the shop's returns and the other shops' loans alone", async () => {
    const returns = await get('/pack/containers/returns/?limit=1', ctx.shopA.token);
    expect(returns.headers['x-total-count']).toBe('0');
    const other = await get('/pack/containers/loans/?limit=1', ctx.shopB.token);
    expect(other.headers['x-total-count']).toBe('0');
  });

  it('writes loans the API can take back, and later rows still get fresh ids', async () => {
    const [loan] = (await get('/pack/containers/loans/?limit=1', ctx.shopA.token)).json();
    const codes = loan.containers.map((c: { code: string }) => c.code);
    const back = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/return/',
      payload: { codes },
      token: ctx.shopA.token,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().completed_loans).toEqual([loan.id]);

    const lent = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/lend/',
      payload: { codes, client: 'after the seed' },
      token: ctx.shopA.token,
    });
    expect(lent.statusCode).toBe(201);
    expect(lent.json().id).toBeGreaterThan(loan.id);
  });

  it('throws for an unknown shop and writes nothing', async () => {
    const before = await countLoans();
    await expect(
      seedShopLoans(ctx.db, ctx.kind, { email: 'nobody@test.dev', loans: 10 }),
    ).rejects.toThrow('nobody@test.dev');
    expect(await countLoans()).toBe(before);
  });
});

describe('seed (the seed command: scale shops, --loans-for and --pending-requests in one bulk load)', () => {
  beforeAll(async () => {
    await seed(ctx.db, ctx.kind, {
      scale: { shops: 40, loans: 4_000, requests: 120 },
      shopLoans: [{ email: ctx.shopB.email, loans: 700 }],
      pendingRequests: 60,
    });
  });

  it('leaves every kept counter and rollup equal to a full recount', async () => {
    const [kept, recount] = await Promise.all([keptFigures(ctx.db), recountFigures(ctx.db)]);
    expect(Object.fromEntries(kept.counts)).toEqual(Object.fromEntries(recount.counts));
    expect(Object.fromEntries(kept.rollups)).toEqual(Object.fromEntries(recount.rollups));
    expect(Object.fromEntries(kept.dueDays)).toEqual(Object.fromEntries(recount.dueDays));
    expect(kept.counts.get('0/loans')).toBeGreaterThanOrEqual(4_000 + 700);
  });

  it('puts the indexes back and lets the API write new rows with fresh ids', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/request_container/',
      payload: { containers: [{ container_type: 'cup', count: 2 }] },
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(201);
    const page = await get('/pack/containers/loans/?limit=5&offset=695', ctx.shopB.token);
    expect(page.headers['x-total-count']).toBe('700');
    expect(page.json()).toHaveLength(5);
  });
});

describe('parseShopLoans (the value of --loans-for)', () => {
  it('reads the e-mail and the number of loans', () => {
    expect(parseShopLoans('shop@example.com:50000')).toEqual({
      email: 'shop@example.com',
      loans: 50_000,
    });
  });

  it.each(['shop@example.com', 'shop@example.com:0', 'shop@example.com:2.5', ':10', 'shop:10'])(
    'rejects %p',
    (text) => {
      expect(() => parseShopLoans(text)).toThrow('--loans-for');
    },
  );
});
