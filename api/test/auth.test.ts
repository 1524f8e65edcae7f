import { signToken } from '../src/lib/jwt';
import {
  JWT_SECRET,
  PASSWORD,
  PNG,
  createTestContext,
  multipart,
  type TestContext,
} from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, url = '/api/v0/shops/login/') =>
  ctx.call({ method: 'POST', url, payload: { email, password } });

describe('POST /shops/login', () => {
  it('logs the super admin in with status super_admin', async () => {
    const res = await login(' ADMIN@test.dev ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'super_admin', shop_id: null });
    const info = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/shop/info',
      token: res.json().access,
    });
    expect(info.json()[0]).toMatchObject({ id: 0, name: 'Super Admin', email: 'admin@test.dev' });
  });

  it('logs a shop in with status admin and its shop id, without the trailing slash too', async () => {
    const res = await login(ctx.shopA.email, PASSWORD, '/api/v0/shops/login');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'admin', shop_id: ctx.shopA.id });
    const info = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/shop/info/',
      token: res.json().access,
    });
    expect(info.json()[0]).toMatchObject({ id: ctx.shopA.id, name: 'Shop A' });
  });

  it('answers 401 with an error for a wrong password', async () => {
    const res = await login(ctx.shopA.email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid email or password.' });
  });

  it('answers 401 for an unknown e-mail', async () => {
    expect((await login('nobody@test.dev', PASSWORD)).statusCode).toBe(401);
  });

  it('answers 403 with a clear error for an inactive shop', async () => {
    const res = await login(ctx.inactive.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/not active/);
  });
});

describe('tokens', () => {
  const info = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/v0/shops/shop/info', headers });

  it('answers 401 without a token', async () => {
    expect((await info({})).statusCode).toBe(401);
  });

  it('answers 401 for a forged token', async () => {
    const forged = signToken({ kind: 'admin', id: ctx.admin.id, ver: 0 }, 'other-secret');
    expect((await info({ authorization: `JWT ${forged}` })).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const old = signToken(
      { kind: 'shop', id: ctx.shopA.id, ver: 0 },
      JWT_SECRET,
      Date.now() - 8 * 24 * 3600e3,
    );
    expect((await info({ authorization: `JWT ${old}` })).statusCode).toBe(401);
  });

  it('accepts Bearer as well as JWT', async () => {
    expect((await info({ authorization: `Bearer ${ctx.shopA.token}` })).statusCode).toBe(200);
  });

  it('answers 401 for a token of a deleted account id', async () => {
    const ghost = signToken({ kind: 'shop', id: 9999, ver: 0 }, JWT_SECRET);
    expect((await info({ authorization: `JWT ${ghost}` })).statusCode).toBe(401);
  });
});

describe('POST /shops/register', () => {
  it('creates an inactive shop without a password, stores the logo and sends an e-mail', async () => {
    const form = multipart(
      { name: ' New Shop ', email: 'New@Test.dev', phone: '+33 1 23 45 67 89' },
      { field: 'logo', name: 'logo.png', type: 'image/png', data: PNG },
    );
    const res = await ctx.call({ method: 'POST', url: '/api/v0/shops/register/', ...form });
    expect(res.statusCode).toBe(201);
    const shop = await ctx.db
      .selectFrom('shops')
      .selectAll()
      .where('email', '=', 'new@test.dev')
      .executeTakeFirstOrThrow();
    expect(shop).toMatchObject({ name: 'New Shop', status: 'inactive', password_hash: null });
    expect(shop.logo).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    const media = await ctx.call({ method: 'GET', url: shop.logo as string });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(ctx.mail.at(-1)).toMatchObject({ to: 'new@test.dev' });
    expect(ctx.mail.at(-1)?.text).toMatch(/Forgot Password/);
    expect((await login('new@test.dev', '')).statusCode).toBe(401);
  });

  it('answers 409 with an email list for a taken e-mail', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/register',
      ...multipart({ name: 'X', email: ctx.shopB.email, phone: '123456' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().email[0]).toMatch(/already exists/);
  });

  it('answers 400 with a logo list for a file that is not an image', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/register',
      ...multipart(
        { name: 'X', email: 'fake@test.dev', phone: '123456' },
        {
          field: 'logo',
          name: 'evil.png',
          type: 'image/png',
          data: Buffer.from('<script>alert(1)</script>'),
        },
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().logo).toHaveLength(1);
    expect(
      await ctx.db.selectFrom('shops').select('id').where('email', '=', 'fake@test.dev').execute(),
    ).toEqual([]);
  });

  it('answers 400 with a logo list for an image cut short, and registers nothing', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/register',
      ...multipart(
        { name: 'X', email: 'cut@test.dev', phone: '123456' },
        { field: 'logo', name: 'cut.png', type: 'image/png', data: PNG.subarray(0, 40) },
      ),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().logo).toEqual([expect.stringMatching(/valid image/)]);
    expect(
      await ctx.db.selectFrom('shops').select('id').where('email', '=', 'cut@test.dev').execute(),
    ).toEqual([]);
  });

  it('answers 413 with a logo list for an image over 2 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/register',
      ...multipart(
        { name: 'X', email: 'big@test.dev', phone: '123456' },
        { field: 'logo', name: 'a.png', type: 'image/png', data: big },
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().logo).toEqual(['File size must be less than 2MB']);
  });

  it('answers 400 with an email list for a malformed e-mail', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/register',
      ...multipart({ name: 'X', email: 'not-an-email', phone: '123456' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Enter a valid email address.',
      email: ['Enter a valid email address.'],
    });
  });
});

describe('forgot and reset password', () => {
  const forget = (email: string) =>
    ctx.call({ method: 'POST', url: '/api/v0/shops/forget-password/', payload: { email } });
  const reset = (email: string, code: string, password = 'brand-new-pass') =>
    ctx.call({
      method: 'POST',
      url: '/api/v0/shops/reset-password/',
      payload: { email, reset_code: code, new_password: password },
    });
  const lastCode = () => /(\d{6})/.exec(ctx.mail.at(-1)?.text ?? '')?.[1] as string;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = ctx.mail.length;
    const known = await forget(ctx.shopB.email);
    const unknown = await forget('nobody@test.dev');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(ctx.mail.length).toBe(before + 1);
  });

  it('stores the code hashed and resets with it once; old tokens stop working', async () => {
    await forget(ctx.shopB.email);
    const code = lastCode();
    const row = await ctx.db
      .selectFrom('reset_codes')
      .selectAll()
      .where('shop_id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect((await reset(ctx.shopB.email, code)).statusCode).toBe(200);
    expect((await login(ctx.shopB.email, 'brand-new-pass')).statusCode).toBe(200);
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v0/shops/shop/info', token: ctx.shopB.token }))
        .statusCode,
    ).toBe(401);
    expect((await reset(ctx.shopB.email, code, 'another-pass')).statusCode).toBe(400);
  });

  it('lets only one of two resets racing with the same code through', async () => {
    await forget(ctx.shopB.email);
    const code = lastCode();
    const answers = await Promise.all([
      reset(ctx.shopB.email, code, 'first-racer-pass'),
      reset(ctx.shopB.email, code, 'second-racer-pass'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('answers 400 for a wrong code and 429 after 5 wrong tries, even with the right code', async () => {
    await forget(ctx.shopA.email);
    const code = lastCode();
    for (let i = 0; i < 5; i++)
      expect((await reset(ctx.shopA.email, wrong(code))).statusCode).toBe(400);
    expect((await reset(ctx.shopA.email, code)).statusCode).toBe(429);
  });

  it('says with each wrong code how many tries are left, and a new code starts again', async () => {
    await forget(ctx.shopA.email);
    const first = lastCode();
    const left = [];
    for (let i = 0; i < 5; i++) {
      const res = await reset(ctx.shopA.email, wrong(first));
      expect(res.json()).toMatchObject({ error: expect.any(String) });
      left.push((res.json() as { tries_left: number }).tries_left);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    await forget(ctx.shopA.email);
    expect((await reset(ctx.shopA.email, wrong(lastCode()))).json()).toMatchObject({
      tries_left: 4,
    });
  });

  it('answers 400 for an expired code', async () => {
    await forget(ctx.shopA.email);
    const code = lastCode();
    await ctx.db
      .updateTable('reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('shop_id', '=', ctx.shopA.id)
      .execute();
    expect((await reset(ctx.shopA.email, code)).statusCode).toBe(400);
  });

  it('answers 400 for an unknown e-mail', async () => {
    expect((await reset('nobody@test.dev', '123456')).statusCode).toBe(400);
  });

  it('lets a newly registered shop set its first password', async () => {
    await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/register',
      payload: { name: 'Fresh', email: 'fresh@test.dev', phone: '12345' },
    });
    await forget('fresh@test.dev');
    expect((await reset('fresh@test.dev', lastCode())).statusCode).toBe(200);
    // Still inactive until the provider activates it.
    expect((await login('fresh@test.dev', 'brand-new-pass')).statusCode).toBe(403);
  });
});
