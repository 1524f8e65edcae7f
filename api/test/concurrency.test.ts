import { addStock, containerOwners, createTestContext, type TestContext } from './helpers';

/*
 * Races through the real handlers: every call of a batch is started before
 * any answers, so on PostgreSQL they run on several pooled connections at
 * once. On SQLite the one connection serialises them, and the same rules
 * must hold there too.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token?: string) =>
  ctx.call({ method: 'POST', url: `/api/v0${url}`, payload, token });

const statuses = (answers: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

async function createRequest(token: string, type: string, count: number): Promise<number> {
  const res = await post(
    '/pack/containers/request_container/',
    { containers: [{ container_type: type, count }] },
    token,
  );
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const owners = (type: string) => containerOwners(ctx.db, type);

describe('parallel approvals', () => {
  it('lets exactly one of 100 parallel approvals of one request win', async () => {
    await addStock(ctx.db, null, 'cup', 3);
    const id = await createRequest(ctx.shopA.token, 'cup', 3);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(
          `/pack/containers/${id}/approve_or_deny/`,
          { approved: true, reason: 'admin' },
          ctx.admin.token,
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: 99 });
    expect(await owners('cup')).toEqual({ [ctx.shopA.id]: 3 });
  });

  it("never hands out more than the provider has nor takes another shop's containers", async () => {
    // Each round: provider stock 10, each shop already holds 4 of its own,
    // and 6 requests of 6 race; only one can be served from 10.
    const rounds = 10;
    for (let round = 0; round < rounds; round++) {
      const type = 'bottle';
      await ctx.db.deleteFrom('containers').where('type_key', '=', type).execute();
      await addStock(ctx.db, null, type, 10);
      await addStock(ctx.db, ctx.shopA.id, type, 4);
      await addStock(ctx.db, ctx.shopB.id, type, 4);
      const requests = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          createRequest((i % 2 === 0 ? ctx.shopA : ctx.shopB).token, type, 6),
        ),
      );
      const answers = await Promise.all(
        requests.map((id) =>
          post(
            `/pack/containers/${id}/approve_or_deny/`,
            { approved: true, reason: 'admin' },
            ctx.admin.token,
          ),
        ),
      );
      expect(statuses(answers)).toEqual({ 200: 1, 409: 5 });
      const short = answers.find((a) => a.statusCode === 409);
      expect(short?.json().error).toMatch(/"Bottle 500 ml".*6 to approve, \d+ available/);

      const winner = requests[answers.findIndex((a) => a.statusCode === 200)];
      const winnerShop = requests.indexOf(winner as number) % 2 === 0 ? ctx.shopA : ctx.shopB;
      const loserShop = winnerShop === ctx.shopA ? ctx.shopB : ctx.shopA;
      expect(await owners(type)).toEqual({
        provider: 4,
        [winnerShop.id]: 10,
        [loserShop.id]: 4,
      });
      const pending = await ctx.db
        .selectFrom('container_requests')
        .select('id')
        .where('id', 'in', requests)
        .where('status', '=', 'PENDING')
        .execute();
      expect(pending).toHaveLength(5);
    }
  });

  it('serves requests in parallel while stock lasts and never drives it negative', async () => {
    const type = 'bowl';
    await addStock(ctx.db, null, type, 20);
    await addStock(ctx.db, ctx.shopB.id, type, 7);
    const requests = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createRequest((i % 2 === 0 ? ctx.shopA : ctx.shopB).token, type, 3),
      ),
    );
    const answers = await Promise.all(
      requests.map((id) =>
        post(
          `/pack/containers/${id}/approve_or_deny/`,
          { approved: true, reason: 'admin' },
          ctx.admin.token,
        ),
      ),
    );
    const approved = answers.filter((a) => a.statusCode === 200).length;
    // 20 / 3: at most 6 fit; SKIP LOCKED may turn a request away that a
    // later moment could have served, but never serve one that does not fit.
    expect(approved).toBeGreaterThanOrEqual(1);
    expect(approved).toBeLessThanOrEqual(6);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const after = await owners(type);
    expect((after.provider ?? 0) + (after[ctx.shopA.id] ?? 0) + (after[ctx.shopB.id] ?? 0)).toBe(
      27,
    );
    expect(after.provider ?? 0).toBe(20 - approved * 3);
    const byShop = (shop: number) =>
      requests.filter(
        (_, i) => answers[i]?.statusCode === 200 && i % 2 === (shop === ctx.shopA.id ? 0 : 1),
      ).length * 3;
    expect(after[ctx.shopA.id] ?? 0).toBe(byShop(ctx.shopA.id));
    expect(after[ctx.shopB.id] ?? 0).toBe(7 + byShop(ctx.shopB.id));
  });
});

describe('parallel activation', () => {
  it('answers 200 to exactly one of 20 parallel activations, 409 to the rest', async () => {
    const change = (status: 'active' | 'inactive') =>
      post(
        '/shops/change-shop-status/',
        { shop: ctx.inactive.id, new_status: status },
        ctx.admin.token,
      );
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => change('active')));
      expect(statuses(answers)).toEqual({ 200: 1, 409: 19 });
      expect(answers.find((a) => a.statusCode === 409)?.json()).toEqual({
        error: 'Shop is already active.',
      });
      const deactivations = await Promise.all(Array.from({ length: 20 }, () => change('inactive')));
      expect(statuses(deactivations)).toEqual({ 200: 1, 409: 19 });
    }
  });
});

describe('parallel reset-code guesses', () => {
  it('checks at most 5 of 40 parallel wrong guesses; the right code then fails', async () => {
    await post('/shops/forget-password/', { email: ctx.shopA.email });
    const code = /(\d{6})/.exec(ctx.mail.at(-1)?.text ?? '')?.[1] as string;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/shops/reset-password/', {
          email: ctx.shopA.email,
          reset_code: wrong(i),
          new_password: 'guessed-password',
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: 5, 429: 35 });
    const right = await post('/shops/reset-password/', {
      email: ctx.shopA.email,
      reset_code: code,
      new_password: 'guessed-password',
    });
    expect(right.statusCode).toBe(429);
    const row = await ctx.db
      .selectFrom('reset_codes')
      .select('tries')
      .where('shop_id', '=', ctx.shopA.id)
      .executeTakeFirstOrThrow();
    expect(row.tries).toBe(5);
  });
});
