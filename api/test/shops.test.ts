import { PASSWORD, PNG, createTestContext, multipart, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /shops/shop', () => {
  it('lists every shop newest id first for the super admin, with X-Total-Count', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/shop',
      token: ctx.admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([
      ctx.inactive.id,
      ctx.shopB.id,
      ctx.shopA.id,
    ]);
    expect(res.json()[0]).not.toHaveProperty('password_hash');
  });

  it('pages with limit and offset', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/shop/?limit=1&offset=1',
      token: ctx.admin.token,
    });
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([ctx.shopB.id]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('answers 403 to a shop', async () => {
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v0/shops/shop', token: ctx.shopA.token }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/v0/shops/shop' })).statusCode).toBe(401);
  });
});

describe('GET /shops/shop/last-two', () => {
  it('answers the two newest shops to the super admin', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/shop/last-two/',
      token: ctx.admin.token,
    });
    expect(res.json().map((s: { email: string }) => s.email)).toEqual(['c@test.dev', 'b@test.dev']);
  });

  it('answers 403 to a shop', async () => {
    expect(
      (
        await ctx.call({
          method: 'GET',
          url: '/api/v0/shops/shop/last-two',
          token: ctx.shopA.token,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('PUT /shops/shop/:id', () => {
  it('lets a shop edit its own profile with a new logo', async () => {
    const form = multipart(
      {
        id: String(ctx.shopA.id),
        name: 'Shop A2',
        email: 'a2@test.dev',
        x_gis: '24.45',
        y_gis: '54.37',
      },
      { field: 'logo', name: 'x.bin', type: 'application/octet-stream', data: PNG },
    );
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      ...form,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Shop A2',
      email: 'a2@test.dev',
      x_gis: 24.45,
      y_gis: 54.37,
    });
    expect(res.json().logo).toMatch(/^\/media\//);
  });

  it('answers 403 when a shop edits another shop', async () => {
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopB.id}`,
      token: ctx.shopA.token,
      ...multipart({ name: 'Hijacked' }),
    });
    expect(res.statusCode).toBe(403);
    const b = await ctx.db
      .selectFrom('shops')
      .select('name')
      .where('id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    expect(b.name).toBe('Shop B');
  });

  it('answers 409 with an email list when the e-mail belongs to another shop', async () => {
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}`,
      token: ctx.shopA.token,
      ...multipart({ email: ctx.shopB.email }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().email).toHaveLength(1);
  });

  it('answers 404 to the super admin for an unknown shop', async () => {
    const res = await ctx.call({
      method: 'PUT',
      url: '/api/v0/shops/shop/9999',
      token: ctx.admin.token,
      ...multipart({ name: 'X' }),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /shops/change-shop-status', () => {
  const change = (shop: number, status: string, token = ctx.admin.token) =>
    ctx.call({
      method: 'POST',
      url: '/api/v0/shops/change-shop-status/',
      token,
      payload: { shop, new_status: status },
    });

  it('activates an inactive shop, which can then log in', async () => {
    expect((await change(ctx.inactive.id, 'active')).statusCode).toBe(200);
    const login = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/login',
      payload: { email: ctx.inactive.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 409 when the shop already has that status', async () => {
    expect((await change(ctx.shopB.id, 'active')).statusCode).toBe(409);
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await change(9999, 'active')).statusCode).toBe(404);
  });

  it('answers 403 to a shop', async () => {
    expect((await change(ctx.shopB.id, 'inactive', ctx.shopA.token)).statusCode).toBe(403);
  });

  it("records each change with its reason, and the deactivated shop's next call reads it", async () => {
    const token = ctx.shopB.token;
    const deactivated = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/change-shop-status/',
      token: ctx.admin.token,
      payload: { shop: ctx.shopB.id, new_status: 'inactive', reason: '  Unpaid invoices  ' },
    });
    expect(deactivated.statusCode).toBe(200);
    const next = await ctx.call({ method: 'GET', url: '/api/v0/shops/shop/info', token });
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({
      error: 'Your shop has been deactivated: Unpaid invoices',
      deactivated: true,
    });
    expect((await change(ctx.shopB.id, 'active')).statusCode).toBe(200);
    const history = await ctx.db
      .selectFrom('shop_status_changes')
      .select(['status', 'reason', 'changed_by'])
      .where('shop_id', '=', ctx.shopB.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { status: 'inactive', reason: 'Unpaid invoices', changed_by: ctx.admin.id },
      { status: 'active', reason: null, changed_by: ctx.admin.id },
    ]);
    // Activated again, the old token stays revoked: an expired session, not a deactivation.
    const old = await ctx.call({ method: 'GET', url: '/api/v0/shops/shop/info', token });
    expect(old.statusCode).toBe(401);
    ctx.shopB.token = (
      await ctx.call({
        method: 'POST',
        url: '/api/v0/shops/login',
        payload: { email: ctx.shopB.email, password: PASSWORD },
      })
    ).json().access;
  });

  it('refuses a reason over 200 characters and changes nothing', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/change-shop-status/',
      token: ctx.admin.token,
      payload: { shop: ctx.shopB.id, new_status: 'inactive', reason: 'x'.repeat(201) },
    });
    expect(res.statusCode).toBe(400);
    const shop = await ctx.db
      .selectFrom('shops')
      .select('status')
      .where('id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    expect(shop.status).toBe('active');
  });

  it("makes a deactivated shop's token answer 403", async () => {
    expect((await change(ctx.inactive.id, 'inactive')).statusCode).toBe(200);
    const login = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/login',
      payload: { email: ctx.inactive.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('POST /shops/change-password', () => {
  const change = (shop: number, password: string, token = ctx.admin.token) =>
    ctx.call({
      method: 'POST',
      url: '/api/v0/shops/change-password/',
      token,
      payload: { shop, new_password: password },
    });

  it("sets the password and revokes the shop's existing tokens", async () => {
    const res = await change(ctx.shopB.id, '  new-password-1  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v0/shops/shop/info', token: ctx.shopB.token }))
        .statusCode,
    ).toBe(401);
    const login = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/login',
      payload: { email: ctx.shopB.email, password: 'new-password-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await change(9999, 'new-password-1')).statusCode).toBe(404);
  });

  it('answers 403 to a shop', async () => {
    expect((await change(ctx.shopA.id, 'new-password-1', ctx.shopA.token)).statusCode).toBe(403);
  });
});

describe('docs and unknown paths', () => {
  it('serves the OpenAPI document with the lend and return calls', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/v0/pack/containers/lend',
        '/api/v0/pack/containers/return',
        '/api/v0/shops/register',
      ]),
    );
  });

  it('answers 404 with an error body for an unknown path', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v0/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });
});
