import { PNG, createTestContext, multipart, type TestContext } from './helpers';

/**
 * Logos live in the database: a logo uploaded through one API process is
 * served by any other (with API_TEST_INSTANCES=2 the upload and the fetch
 * go to different app instances, each with its own data directory).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('serves an uploaded logo from the database, on every instance', async () => {
  const form = multipart(
    { name: 'Logo Shop', email: 'logo@test.dev', phone: '+1 555 0142' },
    { field: 'logo', name: 'logo.png', type: 'image/png', data: PNG },
  );
  const registered = await ctx.call({ method: 'POST', url: '/api/v0/shops/register', ...form });
  expect(registered.statusCode).toBe(201);
  const shop = await ctx.db
    .selectFrom('shops')
    .select('logo')
    .where('id', '=', registered.json().id)
    .executeTakeFirstOrThrow();
  expect(shop.logo).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);
  for (let i = 0; i < 2; i++) {
    const res = await ctx.call({ method: 'GET', url: shop.logo as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  }
});

it('answers 404 with {error} for an unknown logo', async () => {
  const res = await ctx.call({ method: 'GET', url: `/media/${'0'.repeat(32)}.png` });
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBe('Not found.');
});
