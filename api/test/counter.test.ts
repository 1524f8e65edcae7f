import { systemAudit } from '../src/lib/audit';
import {
  lendableContainers,
  lendCheckedContainers,
  lendContainers,
} from '../src/repositories/loans';
import { addStock, createTestContext, type TestContext } from './helpers';

// The counter's calls (issue 29): a code checked as it is scanned, lends of
// up to 200 containers, returns that say whose loan each code came back from,
// an Undo, and the shop's earlier clients.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

const check = (code: string, purpose: 'lend' | 'return', token = ctx.shopA.token) =>
  ctx.call({
    method: 'GET',
    url: `/api/v0/pack/containers/code/${encodeURIComponent(code)}?for=${purpose}`,
    token,
  });
const lend = (codes: string[], client = 'Ada', token = ctx.shopA.token, due_date?: string) =>
  ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/lend',
    token,
    payload: { codes, client, ...(due_date ? { due_date } : {}) },
  });
const takeBack = (codes: string[], token = ctx.shopA.token) =>
  ctx.call({ method: 'POST', url: '/api/v0/pack/containers/return', token, payload: { codes } });
const undo = (codes: string[], token = ctx.shopA.token) =>
  ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/return/undo',
    token,
    payload: { codes },
  });
const stockFigures = async (token = ctx.shopA.token) =>
  (
    await ctx.call({
      method: 'GET',
      url: '/api/v0/pack/containers/loans_and_packs_by_container_type/',
      token,
    })
  ).json() as unknown;

describe('checking a code before lending', () => {
  it("gives the type and guarantee of a container in the shop's stock", async () => {
    const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
    const res = await check(code as string, 'lend');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code,
      container_type: 'cup',
      guarantee_amount: 1.5,
      refusal: null,
      loan: null,
    });
  });

  it('says why each other code cannot be lent', async () => {
    const [warehouse] = await addStock(ctx.db, null, 'cup', 1);
    const [otherShops] = await addStock(ctx.db, ctx.shopB.id, 'bowl', 1);
    const [mine, theirs] = [
      ...(await addStock(ctx.db, ctx.shopA.id, 'cup', 1)),
      ...(await addStock(ctx.db, ctx.shopB.id, 'cup', 1)),
    ];
    expect((await lend([mine as string], 'Grace')).statusCode).toBe(201);
    expect((await lend([theirs as string], 'Secret client', ctx.shopB.token)).statusCode).toBe(201);

    expect((await check('no-such-code', 'lend')).json()).toMatchObject({ refusal: 'unknown' });
    expect((await check(warehouse as string, 'lend')).json()).toMatchObject({
      refusal: 'not_in_stock',
    });
    expect((await check(otherShops as string, 'lend')).json()).toMatchObject({
      refusal: 'other_shop',
      container_type: 'bowl',
    });
    expect((await check(mine as string, 'lend')).json()).toMatchObject({
      refusal: 'on_loan',
      loan: { client: 'Grace', shop: { id: ctx.shopA.id }, days_out: 0, late: false },
    });
    // Another shop's client and name are never shown.
    expect((await check(theirs as string, 'lend')).json()).toMatchObject({
      refusal: 'on_loan',
      loan: { client: null, shop: null },
    });
  });

  it('refuses a code that is not out when taking back', async () => {
    const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
    expect((await check(code as string, 'return')).json()).toMatchObject({
      refusal: 'not_on_loan',
    });
  });
});

describe('lending many', () => {
  it('lends 200 containers in one call and refuses 201 with a sentence', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 201);
    const tooMany = await lend(codes);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: 'A loan takes at most 200 containers; this one has 201.',
    });
    const res = await lend(codes.slice(0, 200));
    expect(res.statusCode).toBe(201);
    expect((res.json() as { containers: unknown[] }).containers).toHaveLength(200);
  });
});

describe('a lend of containers read before its transaction', () => {
  // The counter's thread is sent containers the API thread read (db/counter-writer.ts).
  const lendRead = (containers: Awaited<ReturnType<typeof lendableContainers>>, codes: string[]) =>
    lendCheckedContainers(
      ctx.db,
      systemAudit(),
      { id: ctx.shopA.id, name: ctx.shopA.name },
      { codes, client: 'Ada', dueDate: null },
      containers,
      new Date(),
    );
  const loansOfShopA = async () =>
    (
      await ctx.db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', '=', ctx.shopA.id)
        .executeTakeFirstOrThrow()
    ).n;

  it('lets one of many lends of the same containers at once win, on two pools', async () => {
    // On PostgreSQL a second pool, as a second API process has: every lend
    // reads the containers as in stock, and only its transaction can refuse.
    const other = ctx.kind === 'postgres' ? ctx.another() : ctx.db;
    for (let round = 0; round < 5; round++) {
      const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 3);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          lendContainers(
            i % 2 === 0 ? ctx.db : other,
            systemAudit(),
            { id: ctx.shopA.id, name: ctx.shopA.name },
            { codes, client: `Racer ${i}`, dueDate: null },
          ),
        ),
      );
      const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      expect(won).toHaveLength(1);
      for (const o of outcomes)
        if (o.status === 'rejected')
          expect((o.reason as Error).message).toMatch(/^Container\(s\) not in your shop's stock: /);
      const holders = await ctx.db
        .selectFrom('containers')
        .select('loan_id')
        .where('code', 'in', codes)
        .execute();
      expect(holders).toEqual(codes.map(() => ({ loan_id: won[0]?.id })));
      const loans = await ctx.db
        .selectFrom('loans')
        .select('id')
        .where('client', 'like', 'Racer %')
        .where('shop_id', '=', ctx.shopA.id)
        .where('id', '>=', won[0]?.id ?? 0)
        .execute();
      expect(loans).toEqual([{ id: won[0]?.id }]);
    }
  });

  it.each([
    ['lent meanwhile', (id: number) => ({ loan_id: id })],
    ['written off meanwhile', () => ({ lost_at: new Date().toISOString() })],
    ['moved to another shop meanwhile', () => ({ shop_id: ctx.shopB.id })],
  ])('is refused, changing nothing, when a container was %s', async (_, change) => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 3);
    const read = await lendableContainers(ctx.db, ctx.shopA.id, codes);
    const before = Number(await loansOfShopA());
    const other = await lend(codes.slice(2, 3));
    const otherLoan = (other.json() as { id: number }).id;
    // Put the lent one back in stock, then change it as the case says.
    await ctx.db
      .updateTable('containers')
      .set({ loan_id: null })
      .where('code', '=', codes[2] as string)
      .execute();
    await ctx.db
      .updateTable('containers')
      .set(change(otherLoan))
      .where('code', '=', codes[2] as string)
      .execute();
    await expect(lendRead(read, codes)).rejects.toThrow(
      `Container(s) not in your shop's stock: ${codes[2]}`,
    );
    expect(Number(await loansOfShopA())).toBe(before + 1);
    const kept = await ctx.db
      .selectFrom('containers')
      .select('loan_id')
      .where('code', 'in', codes.slice(0, 2))
      .execute();
    expect(kept).toEqual([{ loan_id: null }, { loan_id: null }]);
  });
});

describe('taking back', () => {
  it('says whose loan each code came back from, how long it was out and if late', async () => {
    const [own, foreign] = [
      ...(await addStock(ctx.db, ctx.shopA.id, 'cup', 1)),
      ...(await addStock(ctx.db, ctx.shopB.id, 'bowl', 1)),
    ];
    const lentAt = Date.now() - 20 * DAY;
    ctx.setNow(new Date(lentAt));
    try {
      const due = new Date(lentAt + 14 * DAY).toISOString().slice(0, 10);
      expect((await lend([own as string], 'Ada', ctx.shopA.token, due)).statusCode).toBe(201);
      expect((await lend([foreign as string], 'Bob', ctx.shopB.token)).statusCode).toBe(201);
    } finally {
      ctx.setNow(null);
    }
    const res = await takeBack([own as string, foreign as string]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: unknown[] };
    expect(body.items).toEqual([
      expect.objectContaining({
        code: own,
        container_type: 'cup',
        from_other_shop: false,
        loan_completed: true,
        loan: expect.objectContaining({ client: 'Ada', days_out: 20, late: true }) as unknown,
      }),
      expect.objectContaining({
        code: foreign,
        from_other_shop: true,
        loan: expect.objectContaining({
          client: null,
          shop: null,
          late: false,
        }) as unknown,
      }),
    ]);
  });
});

describe('undoing a return', () => {
  it('puts the containers back out on their loan and the figures back', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'box', 2);
    const loan = (await lend(codes, 'Undo client')).json() as { id: number };
    const before = await stockFigures();
    expect((await takeBack(codes)).statusCode).toBe(200);
    const res = await undo(codes);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ restored: codes });
    expect(await stockFigures()).toEqual(before);
    const row = await ctx.db
      .selectFrom('loans')
      .select('returned_date')
      .where('id', '=', loan.id)
      .executeTakeFirstOrThrow();
    expect(row.returned_date).toBeNull();
    expect((await check(codes[0] as string, 'return')).json()).toMatchObject({ refusal: null });
  });

  it('refuses an undo after a minute, or once the container has moved, changing nothing', async () => {
    const [late, moved] = await addStock(ctx.db, ctx.shopA.id, 'box', 2);
    expect((await lend([late as string, moved as string])).statusCode).toBe(201);
    expect((await takeBack([late as string, moved as string])).statusCode).toBe(200);
    expect((await lend([moved as string], 'Next client')).statusCode).toBe(201);
    expect((await undo([moved as string])).statusCode).toBe(409);

    ctx.setNow(new Date(Date.now() + 61_000));
    try {
      const res = await undo([late as string]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error:
          'This return can no longer be undone: it is over, or the containers have moved since.',
      });
    } finally {
      ctx.setNow(null);
    }
    expect((await check(late as string, 'lend')).json()).toMatchObject({ refusal: null });
  });

  it("never undoes another shop's return", async () => {
    const [code] = await addStock(ctx.db, ctx.shopA.id, 'box', 1);
    expect((await lend([code as string])).statusCode).toBe(201);
    expect((await takeBack([code as string], ctx.shopB.token)).statusCode).toBe(200);
    expect((await undo([code as string])).statusCode).toBe(409);
  });
});

describe("the shop's earlier clients", () => {
  it('suggests clients whose name contains the search, as text', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 3);
    await lend([codes[0] as string], 'Marie Curie');
    await lend([codes[1] as string], 'Pierre Curie');
    await lend([codes[2] as string], '100% Cafe');
    const search = async (text: string) =>
      (
        await ctx.call({
          method: 'GET',
          url: `/api/v0/pack/containers/clients?search=${encodeURIComponent(text)}`,
          token: ctx.shopA.token,
        })
      ).json() as { clients: string[] };
    expect((await search('curie')).clients).toEqual(['Marie Curie', 'Pierre Curie']);
    expect((await search('0%')).clients).toEqual(['100% Cafe']);
    expect((await search('_')).clients).toEqual([]);
    const shopB = await ctx.call({
      method: 'GET',
      url: '/api/v0/pack/containers/clients?search=curie',
      token: ctx.shopB.token,
    });
    expect(shopB.json()).toEqual({ clients: [] });
  });
});
