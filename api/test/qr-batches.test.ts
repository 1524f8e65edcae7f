import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.call({ method: 'GET', url: `/api/v0${url}`, token });
const generate = async (country: string, type: string, count: number) => {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/generate_codes/',
    payload: { country, type, count },
    token: ctx.admin.token,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { generated_codes: string[]; batch_id: number };
};
const containerCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('containers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('QR batches', () => {
  let first: { generated_codes: string[]; batch_id: number };
  let second: { generated_codes: string[]; batch_id: number };
  let third: { generated_codes: string[]; batch_id: number };

  beforeAll(async () => {
    first = await generate('France', 'cup', 3);
    second = await generate('Germany', 'box', 1200);
    third = await generate('France', 'bowl', 2);
  });

  it('records each generate_codes call as a batch with who, when, country, type and count', async () => {
    const res = await get('/pack/qr-batches/', ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const batches = res.json();
    expect(batches.map((b: { id: number }) => b.id)).toEqual([
      third.batch_id,
      second.batch_id,
      first.batch_id,
    ]);
    expect(batches[1]).toEqual({
      id: second.batch_id,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      created_by: { id: ctx.admin.id, email: ctx.admin.email },
      country: 'Germany',
      type: 'box',
      count: 1200,
    });
  });

  it('pages the list with limit and offset, newest first, and always sends the total', async () => {
    const page = await get('/pack/qr-batches?limit=1&offset=1', ctx.admin.token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((b: { id: number }) => b.id)).toEqual([second.batch_id]);

    const rest = await get('/pack/qr-batches?offset=2', ctx.admin.token);
    expect(rest.json().map((b: { id: number }) => b.id)).toEqual([first.batch_id]);
  });

  it("answers a batch's codes exactly as generate_codes returned them, in order", async () => {
    const res = await get(`/pack/qr-batches/${second.batch_id}`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().codes).toEqual(second.generated_codes);
    expect(res.json()).toMatchObject({ country: 'Germany', type: 'box', count: 1200 });
  });

  it('reads a batch again without creating containers', async () => {
    const before = await containerCount();
    await get(`/pack/qr-batches/${first.batch_id}/`, ctx.admin.token);
    expect(await containerCount()).toBe(before);
  });

  it('answers 404 for an unknown batch', async () => {
    const res = await get('/pack/qr-batches/999999', ctx.admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/999999/);
  });

  it('answers 403 to a shop, for the list and for one batch', async () => {
    expect((await get('/pack/qr-batches', ctx.shopA.token)).statusCode).toBe(403);
    expect((await get(`/pack/qr-batches/${first.batch_id}`, ctx.shopA.token)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/pack/qr-batches')).statusCode).toBe(401);
  });

  it('records no batch when generate_codes is refused', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/generate_codes',
      payload: { country: 'Atlantis', type: 'cup', count: 1 },
      token: ctx.admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect((await get('/pack/qr-batches', ctx.admin.token)).headers['x-total-count']).toBe('3');
  });
});

describe('OpenAPI', () => {
  it('documents both batch calls with their schemas', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/docs/json' })).json();
    const list = doc.paths['/api/v0/pack/qr-batches'].get;
    const one = doc.paths['/api/v0/pack/qr-batches/{id}'].get;
    expect(list.responses['200'].content['application/json'].schema.items.required).toContain(
      'created_by',
    );
    expect(list.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(one.responses['200'].content['application/json'].schema.required).toContain('codes');
    expect(Object.keys(one.responses)).toEqual(expect.arrayContaining(['403', '404']));
  });
});
