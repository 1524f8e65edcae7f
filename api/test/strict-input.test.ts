import { PASSWORD, createTestContext, multipart, type TestContext } from './helpers';

/**
 * Issue 28, item 8: look-alike e-mails, lone surrogates and coerced JSON were
 * accepted. Each case answers 400 and changes nothing; what is fine still is.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const EMAIL_MESSAGE = 'Enter a valid email address.';

async function shopsTable(): Promise<string> {
  return JSON.stringify(await ctx.db.selectFrom('shops').selectAll().orderBy('id').execute());
}

const register = (fields: Record<string, string>) =>
  ctx.call({
    method: 'POST',
    url: '/api/v0/shops/register/',
    ...multipart({ name: 'Look-alike', phone: '12345', ...fields }),
  });

describe('e-mails', () => {
  it.each([
    ['a trailing dot', 'shop@example.com.'],
    ['Cyrillic letters', 'ѕhор@example.com'],
    ['a zero-width space', 'shop\u200b@example.com'],
    ['a soft hyphen (a format character)', 'sh\u00adop@example.com'],
    ['two dots in a row', 'shop@example..com'],
    ['a leading dot', '.shop@example.com'],
  ])('refuses one with %s (400, nothing stored)', async (_, email) => {
    const before = await shopsTable();
    const res = await register({ email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: EMAIL_MESSAGE, email: [EMAIL_MESSAGE] });
    expect(await shopsTable()).toBe(before);
  });

  it('folds fullwidth letters with NFKC: the address is the plain one, which is taken', async () => {
    const res = await register({ email: 'ａ＠ｔｅｓｔ．ｄｅｖ' });
    expect(res.statusCode).toBe(409);
    expect(res.json().email).toEqual(['A shop with this email already exists.']);
  });

  it('stores a fullwidth address in its plain, lowercase form', async () => {
    const res = await register({ email: 'ＮＥＷ@Ｅxample.com' });
    expect(res.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('shops')
      .select('email')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('new@example.com');
  });

  it('logs in with the fullwidth spelling of an address', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/login/',
      payload: { email: 'Ａ@test.dev', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop_id).toBe(ctx.shopA.id);
  });

  it('refuses a look-alike in the profile update too', async () => {
    const before = await shopsTable();
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      ...multipart({ email: 'shop@example.com.' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().email).toEqual([EMAIL_MESSAGE]);
    expect(await shopsTable()).toBe(before);
  });
});

describe('lone surrogates', () => {
  it.each([
    [
      'a JSON shop name (profile)',
      'PUT',
      (): string => `/api/v0/shops/shop/${ctx.shopA.id}/`,
      { name: 'Caf\uD800' },
    ],
    [
      'a JSON register form',
      'POST',
      (): string => '/api/v0/shops/register/',
      { name: 'X\uDC00', email: 'x@test.dev', phone: '12345' },
    ],
    [
      'a JSON login e-mail',
      'POST',
      (): string => '/api/v0/shops/login/',
      { email: 'a@test.dev\uD800', password: 'x' },
    ],
  ] as const)('refuses one in %s', async (_, method, url, payload) => {
    const before = await shopsTable();
    const res = await ctx.call({ method, url: url(), token: ctx.shopA.token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/unpaired surrogates/);
    expect(await shopsTable()).toBe(before);
  });

  it("refuses a multipart shop name holding a surrogate's bytes (not UTF-8)", async () => {
    const before = await shopsTable();
    const form = multipart({ name: 'Caf@' });
    const at = form.payload.indexOf('Caf@') + 3;
    // ED A0 80 would be U+D800 if UTF-8 allowed it; the form's decoder reads U+FFFD.
    const payload = Buffer.concat([
      form.payload.subarray(0, at),
      Buffer.from([0xed, 0xa0, 0x80]),
      form.payload.subarray(at + 1),
    ]);
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/valid UTF-8/);
    expect(await shopsTable()).toBe(before);
  });

  it('keeps a whole surrogate pair (an emoji) in a shop name', async () => {
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopB.id}/`,
      token: ctx.shopB.token,
      payload: { name: 'Café ☕ 🍵' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Café ☕ 🍵');
  });
});

describe('JSON bodies are not coerced', () => {
  const generate = (count: unknown) =>
    ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/generate_codes/',
      token: ctx.admin.token,
      payload: { country: 'Spain', type: 'cup', count },
    });

  it.each([
    ['true', true],
    ['[5]', [5]],
    ['"5"', '5'],
  ])('refuses count %s', async (_, count) => {
    const before = await ctx.db.selectFrom('containers').select('id').execute();
    const res = await generate(count);
    expect(res.statusCode).toBe(400);
    expect(await ctx.db.selectFrom('containers').select('id').execute()).toEqual(before);
  });

  it('takes count 1', async () => {
    expect((await generate(1)).statusCode).toBe(201);
  });

  it.each([
    ['a text shop id', { shop: '2', new_status: 'inactive' }],
    ['a boolean shop id', { shop: true, new_status: 'inactive' }],
  ])('refuses %s in change-shop-status', async (_, payload) => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/change-shop-status/',
      token: ctx.admin.token,
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['"0x10"', '0x10'],
    ['"5"', '5'],
    ['true', true],
  ])('refuses latitude %s in a JSON profile update', async (_, x_gis) => {
    const before = await shopsTable();
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      payload: { x_gis },
    });
    expect(res.statusCode).toBe(400);
    expect(await shopsTable()).toBe(before);
  });

  it('takes a JSON number as latitude, and null to clear it', async () => {
    const url = `/api/v0/shops/shop/${ctx.shopA.id}/`;
    const set = await ctx.call({
      method: 'PUT',
      url,
      token: ctx.shopA.token,
      payload: { x_gis: -12.5 },
    });
    expect(set.json().x_gis).toBe(-12.5);
    const cleared = await ctx.call({
      method: 'PUT',
      url,
      token: ctx.shopA.token,
      payload: { x_gis: null },
    });
    expect(cleared.json().x_gis).toBeNull();
  });

  it('still reads numbers from a query string', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/shop?limit=1&offset=0',
      token: ctx.admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });
});

describe('multipart numbers are plain decimals', () => {
  const update = (x_gis: string) =>
    ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      ...multipart({ x_gis }),
    });

  it.each(['0x10', '1e1', 'Infinity', '+5', '.5', '5.', '1_0', '0b1', ' - 5'])(
    'refuses %p',
    async (x_gis) => {
      const before = await shopsTable();
      const res = await update(x_gis);
      expect(res.statusCode).toBe(400);
      expect(res.json().x_gis).toEqual(['Enter a number between -90 and 90.']);
      expect(await shopsTable()).toBe(before);
    },
  );

  it.each([
    ['-12.5', -12.5],
    [' 7 ', 7],
    ['0', 0],
  ])('takes %p', async (x_gis, value) => {
    const res = await update(x_gis);
    expect(res.statusCode).toBe(200);
    expect(res.json().x_gis).toBe(value);
  });
});
