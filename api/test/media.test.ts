import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

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
  expect(shop.logo).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
  for (let i = 0; i < 2; i++) {
    const res = await ctx.call({ method: 'GET', url: shop.logo as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 1, height: 1 });
  }
});

it('answers 404 with {error} for an unknown logo', async () => {
  const res = await ctx.call({ method: 'GET', url: `/media/${'0'.repeat(32)}.png` });
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBe('Not found.');
});

describe('a replaced logo', () => {
  const logos = [1, 2, 3].map((n) =>
    sharp({ create: { width: 40 * n, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer(),
  );
  const updateLogo = async (data: Buffer) =>
    ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      ...multipart({}, { field: 'logo', name: 'logo.png', type: 'image/png', data }),
    });
  const mediaNames = async () =>
    (await ctx.db.selectFrom('media').select('name').execute()).map((row) => row.name).sort();

  it('is deleted with the update that replaces it, and its address answers 404', async () => {
    const first = await updateLogo(await (logos[0] as Promise<Buffer>));
    expect(first.statusCode).toBe(200);
    const old = first.json().logo as string;
    const second = await updateLogo(await (logos[1] as Promise<Buffer>));
    expect(second.statusCode).toBe(200);
    expect(second.json().logo).not.toBe(old);
    expect((await ctx.call({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'GET', url: second.json().logo })).statusCode).toBe(200);
  });

  it('leaves one stored logo per shop after twenty profile updates', async () => {
    // Shop A has a logo already, so the count must not move.
    const before = (await mediaNames()).length;
    const image = await (logos[2] as Promise<Buffer>);
    let last = '';
    for (let i = 0; i < 20; i++) {
      const res = await updateLogo(image);
      expect(res.statusCode).toBe(200);
      last = res.json().logo;
    }
    const now = await mediaNames();
    expect(now).toHaveLength(before);
    expect(now).toContain(last.slice('/media/'.length));
  });

  it('stays, and nothing new is stored, when the update is refused', async () => {
    const before = await mediaNames();
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      ...multipart(
        { email: ctx.shopB.email },
        { field: 'logo', name: 'logo.png', type: 'image/png', data: PNG },
      ),
    });
    expect(res.statusCode).toBe(409);
    expect(await mediaNames()).toEqual(before);
  });

  it('is removed from the disk when it was stored there before logos moved into the database', async () => {
    const name = `${'ab'.repeat(16)}.png`;
    const dir = path.join(ctx.dataDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), PNG);
    await ctx.db
      .updateTable('shops')
      .set({ logo: `/media/${name}` })
      .where('id', '=', ctx.shopB.id)
      .execute();
    const form = multipart({}, { field: 'logo', name: 'l.png', type: 'image/png', data: PNG });
    // Through the instance whose data directory holds the file.
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopB.id}/`,
      headers: { authorization: `JWT ${ctx.shopB.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(existsSync(path.join(dir, name))).toBe(false);
  });
});
