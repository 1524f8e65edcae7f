import { addStock, createTestContext, type TestContext } from './helpers';

// A retry after a time-out must never lend twice (issue 29): calls that create
// something take an Idempotency-Key, and a retry gets the first answer again.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lend = (codes: string[], key?: string, token = ctx.shopA.token, client = 'Ada') =>
  ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/lend',
    token,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { codes, client },
  });

async function loansOf(shopId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('Idempotency-Key', () => {
  it('answers a retried lend with the first answer and lends once', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 2);
    const before = await loansOf(ctx.shopA.id);
    const first = await lend(codes, 'retry-1');
    const retry = await lend(codes, 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await loansOf(ctx.shopA.id)).toBe(before + 1);
  });

  it('creates one loan from 12 parallel lends with one key', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 3);
    const before = await loansOf(ctx.shopA.id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => lend(codes, 'parallel-1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const ids = new Set(answers.map((a) => (a.json() as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(await loansOf(ctx.shopA.id)).toBe(before + 1);
  });

  it('refuses a key reused for another call, changing nothing', async () => {
    const [a, b] = await addStock(ctx.db, ctx.shopA.id, 'cup', 2);
    expect((await lend([a as string], 'reused-1')).statusCode).toBe(201);
    const before = await loansOf(ctx.shopA.id);
    const other = await lend([b as string], 'reused-1');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      error: 'This Idempotency-Key was already used for another call.',
    });
    expect(await loansOf(ctx.shopA.id)).toBe(before);
  });

  it("keeps each caller's keys apart", async () => {
    const codesA = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
    const codesB = await addStock(ctx.db, ctx.shopB.id, 'cup', 1);
    const a = await lend(codesA, 'same-key');
    const b = await lend(codesB, 'same-key', ctx.shopB.token);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect((b.json() as { id: number }).id).not.toBe((a.json() as { id: number }).id);
  });

  it('replays a refusal too: the first answer is the answer', async () => {
    const first = await lend(['no-such-code'], 'refused-1');
    const retry = await lend(['no-such-code'], 'refused-1');
    expect(first.statusCode).toBe(404);
    expect(retry.statusCode).toBe(404);
    expect(retry.json()).toEqual(first.json());
  });

  it('lends again without a key, and with a key past its 24 h', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
    const first = await lend(codes, 'day-old');
    expect(first.statusCode).toBe(201);
    // Returned, so the same codes can be lent again under the same key a day later.
    await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/return',
      token: ctx.shopA.token,
      payload: { codes },
    });
    ctx.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    try {
      const later = await lend(codes, 'day-old');
      expect(later.statusCode).toBe(201);
      expect((later.json() as { id: number }).id).not.toBe((first.json() as { id: number }).id);
    } finally {
      ctx.setNow(null);
    }
  });

  it('refuses a malformed key before doing anything', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
    const before = await loansOf(ctx.shopA.id);
    const res = await lend(codes, 'has a space');
    expect(res.statusCode).toBe(400);
    expect(await loansOf(ctx.shopA.id)).toBe(before);
  });

  it('sends one container request for a retried send', async () => {
    const send = () =>
      ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/request_container',
        token: ctx.shopA.token,
        headers: { 'idempotency-key': 'request-1' },
        payload: { containers: [{ container_type: 'cup', count: 2 }] },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect(second.json()).toEqual(first.json());
    const rows = await ctx.db
      .selectFrom('container_requests')
      .select('id')
      .where('shop_id', '=', ctx.shopA.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
