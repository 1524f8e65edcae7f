import { countsOf } from '../src/repositories/figures';
import { addStock, createTestContext, type TestContext } from './helpers';

// A shop withdraws its own pending request (issue 31): status CANCELLED.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function ask(token = ctx.shopA.token, count = 2): Promise<number> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container/',
    token,
    payload: { containers: [{ container_type: 'cup', count }] },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const cancel = (id: number, token = ctx.shopA.token) =>
  ctx.call({ method: 'POST', url: `/api/v0/pack/container-requests/${id}/cancel`, token });

const decide = (id: number, approved: boolean) =>
  ctx.call({
    method: 'POST',
    url: `/api/v0/pack/containers/${id}/approve_or_deny/`,
    token: ctx.admin.token,
    payload: { approved, reason: 'admin' },
  });

const statusOf = async (id: number) =>
  (
    await ctx.db
      .selectFrom('container_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

/** The shop's request counters as kept, and the same counted from the rows. */
async function keptAndCounted(shopId: number) {
  const kept = await countsOf(ctx.db, shopId);
  const rows = await ctx.db
    .selectFrom('container_requests')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('shop_id', '=', shopId)
    .groupBy('status')
    .execute();
  const counted = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const statuses = ['PENDING', 'APPROVED', 'DENIED', 'CANCELLED'] as const;
  return {
    kept: Object.fromEntries(statuses.map((s) => [s, kept.get(`requests:${s}`) ?? 0])),
    counted: Object.fromEntries(statuses.map((s) => [s, counted[s] ?? 0])),
  };
}

describe('cancelling a request', () => {
  it('cancels its own pending request, which then lists as CANCELLED', async () => {
    const id = await ask();
    const res = await cancel(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Request cancelled.',
      request: { id, status: 'CANCELLED' },
    });
    const listed = await ctx.call({
      url: '/api/v0/pack/container-requests?status=CANCELLED&order=newest',
      token: ctx.shopA.token,
    });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as Array<{ id: number }>).map((r) => r.id)).toContain(id);
    const { kept, counted } = await keptAndCounted(ctx.shopA.id);
    expect(kept).toEqual(counted);
  });

  it('counts cancelled requests in the unfiltered total', async () => {
    const before = await ctx.call({
      url: '/api/v0/pack/container-requests',
      token: ctx.shopA.token,
    });
    const id = await ask();
    await cancel(id);
    const after = await ctx.call({
      url: '/api/v0/pack/container-requests',
      token: ctx.shopA.token,
    });
    const total = (res: typeof after) => Number(res.headers['x-total-count']);
    expect(total(after)).toBe(total(before) + 1);
    expect((after.json() as unknown[]).length).toBe(total(after));
  });

  it("answers 404 for another shop's request and leaves it pending", async () => {
    const id = await ask();
    const res = await cancel(id, ctx.shopB.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Container request not found.' });
    expect(await statusOf(id)).toBe('PENDING');
  });

  it.each([
    [true, 'This request was already approved.'],
    [false, 'This request was already denied.'],
  ])('refuses a decided request (approved %p) with 409 and a sentence', async (approved, text) => {
    await addStock(ctx.db, null, 'cup', 2);
    const id = await ask();
    expect((await decide(id, approved)).statusCode).toBe(200);
    const res = await cancel(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: text });
    expect(await statusOf(id)).toBe(approved ? 'APPROVED' : 'DENIED');
  });

  it('refuses a second cancel, and an approval of a cancelled request', async () => {
    const id = await ask();
    expect((await cancel(id)).statusCode).toBe(200);
    const again = await cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This request was already cancelled.' });
    const approval = await decide(id, true);
    expect(approval.statusCode).toBe(409);
    expect(approval.json()).toEqual({ error: 'This request was already cancelled.' });
  });

  it('is for shops: the super admin gets 403', async () => {
    const id = await ask();
    expect((await cancel(id, ctx.admin.token)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('PENDING');
  });

  it('lets exactly one of a cancel and an approval at once win, stock and counts agreeing', async () => {
    for (let round = 0; round < 10; round++) {
      await ctx.db.deleteFrom('containers').where('type_key', '=', 'bottle').execute();
      await addStock(ctx.db, null, 'bottle', 3);
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/request_container/',
        token: ctx.shopA.token,
        payload: { containers: [{ container_type: 'bottle', count: 3 }] },
      });
      const id = (res.json() as { id: number }).id;
      // Both started before either answers; the order alternates per round.
      const [cancelled, approved] =
        round % 2 === 0
          ? await Promise.all([cancel(id), decide(id, true)])
          : await Promise.all([decide(id, true), cancel(id)]).then(([a, c]) => [c, a] as const);
      expect([cancelled.statusCode, approved.statusCode].sort()).toEqual([200, 409]);
      const status = await statusOf(id);
      expect(status).toBe(cancelled.statusCode === 200 ? 'CANCELLED' : 'APPROVED');
      const held = await ctx.db
        .selectFrom('containers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('type_key', '=', 'bottle')
        .where('shop_id', '=', ctx.shopA.id)
        .executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(status === 'APPROVED' ? 3 : 0);
    }
    const { kept, counted } = await keptAndCounted(ctx.shopA.id);
    expect(kept).toEqual(counted);
  });
});
