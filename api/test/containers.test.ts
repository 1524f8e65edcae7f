import { signToken } from '../src/lib/jwt';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { JWT_SECRET, addStock, createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.call({ method: 'GET', url: `/api/v0${url}`, token });
const post = (url: string, payload: unknown, token?: string) =>
  ctx.call({ method: 'POST', url: `/api/v0${url}`, payload: payload as object, token });
const providerStock = async (type: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('containers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', 'is', null)
        .where('type_key', '=', type)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /pack/containers/types_and_countries', () => {
  it('answers types with labels and countries keyed by name', async () => {
    const res = await get('/pack/containers/types_and_countries', ctx.shopA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().types).toMatchObject({ cup: 'Cup 350 ml' });
    expect(res.json().countries).toMatchObject({ France: 'France' });
  });

  it('answers 401 without a token', async () => {
    expect((await get('/pack/containers/types_and_countries')).statusCode).toBe(401);
  });
});

describe('POST /pack/containers/generate_codes', () => {
  it("adds unique codes to the provider's stock", async () => {
    const res = await post(
      '/pack/containers/generate_codes/',
      { country: 'France', type: 'cup', count: 25 },
      ctx.admin.token,
    );
    expect(res.statusCode).toBe(201);
    const codes: string[] = res.json().generated_codes;
    expect(new Set(codes).size).toBe(25);
    expect(codes[0]).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await providerStock('cup')).toBe(25);
  });

  it.each([0, 10_001, -1, 2.5])('answers 400 for count %p and creates nothing', async (count) => {
    const before = await providerStock('box');
    const res = await post(
      '/pack/containers/generate_codes',
      { country: 'France', type: 'box', count },
      ctx.admin.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/count/);
    expect(await providerStock('box')).toBe(before);
  });

  it('answers 400 for an unknown type or country', async () => {
    expect(
      (
        await post(
          '/pack/containers/generate_codes',
          { country: 'France', type: 'vase', count: 1 },
          ctx.admin.token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          '/pack/containers/generate_codes',
          { country: 'Atlantis', type: 'cup', count: 1 },
          ctx.admin.token,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers 403 to a shop', async () => {
    expect(
      (
        await post(
          '/pack/containers/generate_codes',
          { country: 'France', type: 'cup', count: 1 },
          ctx.shopA.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('container requests', () => {
  let pendingId: number;

  it('creates a PENDING request for a shop (201)', async () => {
    const res = await post(
      '/pack/containers/request_container/',
      {
        containers: [
          { container_type: 'cup', count: 5 },
          { container_type: 'bowl', count: 2 },
        ],
      },
      ctx.shopA.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'PENDING',
      shop: { id: ctx.shopA.id, name: 'Shop A' },
      items: [
        { quantity: 5, container_type: 'cup' },
        { quantity: 2, container_type: 'bowl' },
      ],
    });
    pendingId = res.json().id;
  });

  it('answers 403 when the super admin creates a request', async () => {
    expect(
      (
        await post(
          '/pack/containers/request_container',
          { containers: [{ container_type: 'cup', count: 1 }] },
          ctx.admin.token,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('lists only its own requests to a shop, whatever ?shop= says', async () => {
    await post(
      '/pack/containers/request_container',
      { containers: [{ container_type: 'box', count: 1 }] },
      ctx.shopB.token,
    );
    const own = await get(`/pack/container-requests/?shop=${ctx.shopA.id}`, ctx.shopA.token);
    expect(own.json().map((r: { shop: { id: number } }) => r.shop.id)).toEqual([ctx.shopA.id]);
    const none = await get('/pack/container-requests', ctx.shopA.token);
    expect(none.json()).toHaveLength(1);
    expect(
      (await get(`/pack/container-requests?shop=${ctx.shopB.id}`, ctx.shopA.token)).statusCode,
    ).toBe(403);
  });

  it('lists every request with shop names to the super admin', async () => {
    const res = await get('/pack/container-requests/', ctx.admin.token);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((r: { shop: { name: string } }) => r.shop.name)).toEqual([
      'Shop A',
      'Shop B',
    ]);
  });

  it('answers 409 naming the type and availability when stock is short, changing nothing', async () => {
    await addStock(ctx.db, null, 'bowl', 1);
    const res = await post(
      `/pack/containers/${pendingId}/approve_or_deny/`,
      { approved: true, reason: 'admin' },
      ctx.admin.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(
      /^Not enough "Bowl 750 ml" containers.*2 to approve, 1 available\.$/,
    );
    expect(await providerStock('cup')).toBe(25);
    expect(await providerStock('bowl')).toBe(1);
    const request = await ctx.db
      .selectFrom('container_requests')
      .select('status')
      .where('id', '=', pendingId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('PENDING');
  });

  it('answers 403 when a shop approves a request', async () => {
    expect(
      (
        await post(
          `/pack/containers/${pendingId}/approve_or_deny`,
          { approved: true, reason: 'admin' },
          ctx.shopA.token,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('answers 404 for an unknown request', async () => {
    expect(
      (
        await post(
          '/pack/containers/9999/approve_or_deny',
          { approved: true, reason: 'admin' },
          ctx.admin.token,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('approves, moving the quantities to the shop', async () => {
    await addStock(ctx.db, null, 'bowl', 1);
    const res = await post(
      `/pack/containers/${pendingId}/approve_or_deny`,
      { approved: true, reason: 'admin' },
      ctx.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().request.status).toBe('APPROVED');
    expect(await providerStock('cup')).toBe(20);
    expect(await providerStock('bowl')).toBe(0);
    const stock = await get('/pack/containers/loans_and_packs_by_container_type', ctx.shopA.token);
    expect(stock.json().shop_packs_by_container_type).toMatchObject({ cup: 5, bowl: 2, box: 0 });
  });

  it('answers 409 to a second decision', async () => {
    expect(
      (
        await post(
          `/pack/containers/${pendingId}/approve_or_deny`,
          { approved: false, reason: 'admin' },
          ctx.admin.token,
        )
      ).statusCode,
    ).toBe(409);
  });

  it('denies without moving stock', async () => {
    const created = await post(
      '/pack/containers/request_container',
      { containers: [{ container_type: 'cup', count: 3 }] },
      ctx.shopB.token,
    );
    const res = await post(
      `/pack/containers/${created.json().id}/approve_or_deny`,
      { approved: false, reason: 'admin' },
      ctx.admin.token,
    );
    expect(res.json().request.status).toBe('DENIED');
    expect(await providerStock('cup')).toBe(20);
  });

  describe('of a shop deactivated after it asked', () => {
    let requestId: number;
    let otherId: number;

    beforeAll(async () => {
      const shop = await insertShop(ctx.db, systemAudit(), {
        name: 'Shop Gone',
        email: 'gone@test.dev',
        phone: '+1 555 0100',
        logo: null,
        created_date: '2025-01-04T00:00:00.000Z',
        status: 'active',
        x_gis: null,
        y_gis: null,
        password_hash: null,
      });
      const token = signToken({ kind: 'shop', id: shop.id, ver: 0 }, JWT_SECRET);
      const ask = async (count: number) =>
        (
          await post(
            '/pack/containers/request_container',
            { containers: [{ container_type: 'cup', count }] },
            token,
          )
        ).json().id as number;
      requestId = await ask(2);
      otherId = await ask(1);
      const off = await post(
        '/shops/change-shop-status',
        { shop: shop.id, new_status: 'inactive' },
        ctx.admin.token,
      );
      expect(off.statusCode).toBe(200);
    });

    it('answers 409 to approving, and nothing moves', async () => {
      const res = await post(
        `/pack/containers/${requestId}/approve_or_deny`,
        { approved: true, reason: 'admin' },
        ctx.admin.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'This shop is inactive; activate it before approving its request.',
      });
      expect(await providerStock('cup')).toBe(20);
      const row = await ctx.db
        .selectFrom('container_requests')
        .select(['status', 'decided_at'])
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'PENDING', decided_at: null });
    });

    it('still lets the request be denied', async () => {
      const res = await post(
        `/pack/containers/${otherId}/approve_or_deny`,
        { approved: false, reason: 'admin' },
        ctx.admin.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().request.status).toBe('DENIED');
    });
  });
});

describe('lend and return', () => {
  let aCodes: string[];
  let bCodes: string[];
  beforeAll(async () => {
    aCodes = await addStock(ctx.db, ctx.shopA.id, 'box', 3);
    bCodes = await addStock(ctx.db, ctx.shopB.id, 'box', 2);
  });

  it("answers 409 when lending another shop's container", async () => {
    const res = await post(
      '/pack/containers/lend',
      { codes: [bCodes[0]], client: 'Zoe' },
      ctx.shopA.token,
    );
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for an unknown code', async () => {
    expect(
      (await post('/pack/containers/lend', { codes: ['nope'], client: 'Zoe' }, ctx.shopA.token))
        .statusCode,
    ).toBe(404);
  });

  it('answers 403 when the super admin lends', async () => {
    expect(
      (await post('/pack/containers/lend', { codes: [aCodes[0]], client: 'Zoe' }, ctx.admin.token))
        .statusCode,
    ).toBe(403);
  });

  it('lends with guarantee amounts, then refuses to lend the same container twice', async () => {
    const res = await post(
      '/pack/containers/lend/',
      { codes: aCodes.slice(0, 2), client: 'Zoe', due_date: '2030-01-31' },
      ctx.shopA.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      client: 'Zoe',
      due_date: '2030-01-31',
      returned_date: null,
      shop: { id: ctx.shopA.id },
    });
    expect(res.json().containers).toEqual([
      {
        code: aCodes[0],
        container_type: 'box',
        guarantee_amount: 5,
        returned_at: null,
        lost_at: null,
      },
      {
        code: aCodes[1],
        container_type: 'box',
        guarantee_amount: 5,
        returned_at: null,
        lost_at: null,
      },
    ]);
    expect(
      (await post('/pack/containers/lend', { codes: [aCodes[0]], client: 'Yan' }, ctx.shopA.token))
        .statusCode,
    ).toBe(409);
  });

  it('answers 409 when returning a container that is not out', async () => {
    expect(
      (await post('/pack/containers/return', { codes: [aCodes[2]] }, ctx.shopA.token)).statusCode,
    ).toBe(409);
  });

  it("accepts a return at another shop; the container joins that shop's stock", async () => {
    const res = await post('/pack/containers/return/', { codes: [aCodes[0]] }, ctx.shopB.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ returned: [aCodes[0]], completed_loans: [] });
    const bStock = await get('/pack/containers/loans_and_packs_by_container_type', ctx.shopB.token);
    expect(bStock.json().shop_packs_by_container_type.box).toBe(3);
    expect((await get('/pack/containers/loans', ctx.shopA.token)).json()).toHaveLength(1);
  });

  it('counts the loan as returned once all its containers are back', async () => {
    const res = await post('/pack/containers/return', { codes: [aCodes[1]] }, ctx.shopA.token);
    expect(res.json().completed_loans).toHaveLength(1);
    expect((await get('/pack/containers/loans', ctx.shopA.token)).json()).toEqual([]);
    const returns = await get('/pack/containers/returns/', ctx.shopA.token);
    expect(returns.headers['x-total-count']).toBe('1');
    expect(returns.json()[0].returned_date).toEqual(expect.any(String));
    expect((await get('/pack/containers/returns', ctx.shopB.token)).json()).toEqual([]);
  });

  it('answers 403 to the super admin for loans and returns', async () => {
    expect((await get('/pack/containers/loans', ctx.admin.token)).statusCode).toBe(403);
    expect((await get('/pack/containers/returns', ctx.admin.token)).statusCode).toBe(403);
  });
});

describe('dashboard roles', () => {
  it('answers 403 to a shop for info_admin', async () => {
    expect((await get('/pack/containers/info_admin/', ctx.shopA.token)).statusCode).toBe(403);
  });

  it('adds the provider stock for the super admin only', async () => {
    const admin = await get('/pack/containers/loans_and_packs_by_container_type/', ctx.admin.token);
    expect(admin.json().provider_stock_by_container_type).toMatchObject({ cup: 20, bottle: 0 });
    const shop = await get('/pack/containers/loans_and_packs_by_container_type/', ctx.shopA.token);
    expect(shop.json()).not.toHaveProperty('provider_stock_by_container_type');
  });
});
