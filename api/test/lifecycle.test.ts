import { createTestContext, type TestContext } from './helpers';

/**
 * generate → request → approve → lend → return, checking every dashboard
 * figure of both roles at each step. The clock is pinned to Wednesday
 * 2025-03-12, so "the last 7 days" are Thursday 6th to Wednesday 12th.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WEDNESDAY = new Date('2025-03-12T12:00:00.000Z');
const daysBefore = (n: number) => new Date(WEDNESDAY.getTime() - n * 24 * 3600e3);
const get = async (url: string, token: string) => {
  const res = await ctx.call({ method: 'GET', url: `/api/v0${url}`, token });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const post = async (url: string, payload: object, token: string, status = 200) => {
  const res = await ctx.call({ method: 'POST', url: `/api/v0${url}`, payload, token });
  expect(res.statusCode).toBe(status);
  return res.json();
};
const week = (counts: Record<string, number>) => ({
  Monday: 0,
  Tuesday: 0,
  Wednesday: 0,
  Thursday: 0,
  Friday: 0,
  Saturday: 0,
  Sunday: 0,
  ...counts,
});
const types = (counts: Record<string, number>) => ({
  bottle: 0,
  bowl: 0,
  box: 0,
  cup: 0,
  ...counts,
});

it('keeps every figure consistent through the container lifecycle', async () => {
  const { admin, shopA, shopB } = ctx;
  ctx.setNow(WEDNESDAY);

  const cups = (
    await post(
      '/pack/containers/generate_codes',
      { country: 'Spain', type: 'cup', count: 10 },
      admin.token,
      201,
    )
  ).generated_codes;
  await post(
    '/pack/containers/generate_codes',
    { country: 'Spain', type: 'box', count: 4 },
    admin.token,
    201,
  );
  expect(cups).toHaveLength(10);
  expect(await get('/pack/containers/info_admin', admin.token)).toEqual({
    shops: 2,
    shops_waiting: 1,
    loans_pack: 0,
    container_pack: 14,
  });

  const requestA = await post(
    '/pack/containers/request_container',
    {
      containers: [
        { container_type: 'cup', count: 6 },
        { container_type: 'box', count: 2 },
      ],
    },
    shopA.token,
    201,
  );
  const requestB = await post(
    '/pack/containers/request_container',
    { containers: [{ container_type: 'box', count: 2 }] },
    shopB.token,
    201,
  );
  await post(
    `/pack/containers/${requestA.id}/approve_or_deny`,
    { approved: true, reason: 'admin' },
    admin.token,
  );
  await post(
    `/pack/containers/${requestB.id}/approve_or_deny`,
    { approved: true, reason: 'admin' },
    admin.token,
  );

  expect(await get('/pack/containers/loans_and_packs_by_container_type', admin.token)).toEqual({
    loans_by_container_type: types({}),
    shop_packs_by_container_type: types({ cup: 6, box: 4 }),
    provider_stock_by_container_type: types({ cup: 4 }),
  });

  const stockCodes = async (shopId: number, type: string) =>
    (
      await ctx.db
        .selectFrom('containers')
        .select('code')
        .where('shop_id', '=', shopId)
        .where('type_key', '=', type)
        .where('loan_id', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => r.code);
  const [aCups, aBoxes, bBoxes] = [
    await stockCodes(shopA.id, 'cup'),
    await stockCodes(shopA.id, 'box'),
    await stockCodes(shopB.id, 'box'),
  ];
  expect(aCups).toHaveLength(6);

  ctx.setNow(daysBefore(8)); // Tuesday 4th: outside this week
  await post('/pack/containers/lend', { codes: [aCups[0]], client: 'Carl' }, shopA.token, 201);
  ctx.setNow(daysBefore(2)); // Monday 10th
  await post(
    '/pack/containers/lend',
    { codes: [aCups[1], aCups[2]], client: 'Alice', due_date: '2025-03-11' },
    shopA.token,
    201,
  );
  ctx.setNow(WEDNESDAY);
  const bob = await post(
    '/pack/containers/lend',
    { codes: [aCups[3], aBoxes[0]], client: 'Bob', due_date: null },
    shopA.token,
    201,
  );
  await post('/pack/containers/lend', { codes: [bBoxes[0]], client: 'Dana' }, shopB.token, 201);

  expect(bob.containers).toEqual([
    {
      code: aCups[3],
      container_type: 'cup',
      guarantee_amount: 1.5,
      returned_at: null,
      lost_at: null,
    },
    {
      code: aBoxes[0],
      container_type: 'box',
      guarantee_amount: 5,
      returned_at: null,
      lost_at: null,
    },
  ]);

  const weeklyA = await get('/pack/containers/loans_by_weekday', shopA.token);
  expect(weeklyA).toEqual({
    loans_by_weekday: week({ Monday: 1, Wednesday: 1 }),
    type: { bottle: 'Bottle 500 ml', bowl: 'Bowl 750 ml', box: 'Lunch box', cup: 'Cup 350 ml' },
    shop_pack: 3,
    loans_pack: 5,
    users: 3,
    total_loans: 3,
  });
  const weeklyAll = await get('/pack/containers/loans_by_weekday', admin.token);
  expect(weeklyAll).toMatchObject({
    loans_by_weekday: week({ Monday: 1, Wednesday: 2 }),
    shop_pack: 4,
    loans_pack: 6,
    users: 4,
    total_loans: 4,
  });
  expect(await get('/pack/containers/info_admin', admin.token)).toEqual({
    shops: 2,
    shops_waiting: 1,
    loans_pack: 4,
    container_pack: 14,
  });
  expect(await get('/pack/containers/loans_and_packs_by_container_type', shopA.token)).toEqual({
    loans_by_container_type: types({ cup: 4, box: 1 }),
    shop_packs_by_container_type: types({ cup: 2, box: 1 }),
  });
  expect(await get('/pack/containers/loans_and_packs_by_container_type', admin.token)).toEqual({
    loans_by_container_type: types({ cup: 4, box: 2 }),
    shop_packs_by_container_type: types({ cup: 2, box: 2 }),
    provider_stock_by_container_type: types({ cup: 4 }),
  });
  const loansA = await get('/pack/containers/loans', shopA.token);
  expect(loansA.map((l: { client: string }) => l.client)).toEqual(['Bob', 'Alice', 'Carl']);
  expect(loansA[1]).toMatchObject({
    due_date: '2025-03-11',
    returned_date: null,
    shop: { id: shopA.id, name: 'Shop A' },
  });

  // Bob brings both containers back to shop B.
  await post('/pack/containers/return', { codes: [aCups[3], aBoxes[0]] }, shopB.token);

  expect(
    (await get('/pack/containers/loans', shopA.token)).map((l: { client: string }) => l.client),
  ).toEqual(['Alice', 'Carl']);
  const returnsA = await get('/pack/containers/returns', shopA.token);
  expect(returnsA).toHaveLength(1);
  expect(returnsA[0]).toMatchObject({
    id: bob.id,
    client: 'Bob',
    returned_date: WEDNESDAY.toISOString(),
  });
  expect(await get('/pack/containers/loans_by_weekday', shopA.token)).toMatchObject({
    loans_by_weekday: week({ Monday: 1, Wednesday: 1 }),
    shop_pack: 3,
    loans_pack: 3,
    users: 3,
    total_loans: 3,
  });
  expect(await get('/pack/containers/loans_and_packs_by_container_type', shopB.token)).toEqual({
    loans_by_container_type: types({ box: 1 }),
    shop_packs_by_container_type: types({ cup: 1, box: 2 }),
  });
  expect(await get('/pack/containers/loans_by_weekday', admin.token)).toMatchObject({
    shop_pack: 6,
    loans_pack: 4,
    users: 4,
    total_loans: 4,
  });
  expect(await get('/pack/containers/info_admin', admin.token)).toEqual({
    shops: 2,
    shops_waiting: 1,
    loans_pack: 4,
    container_pack: 14,
  });
});

it('counts active shops and the shops waiting for activation apart', async () => {
  const { admin, shopA } = ctx;
  const summary = async () => {
    const { shops, shops_waiting } = await get('/pack/containers/info_admin', admin.token);
    return { shops, shops_waiting };
  };
  const before = await summary();
  const list: { id: number; status: string }[] = await get('/shops/shop', admin.token);
  const waiting = list.find((shop) => shop.status === 'inactive');
  if (!waiting) throw new Error('the test context has an inactive shop');

  await post('/shops/change-shop-status', { shop: waiting.id, new_status: 'active' }, admin.token);
  expect(await summary()).toEqual({
    shops: before.shops + 1,
    shops_waiting: before.shops_waiting - 1,
  });

  await post('/shops/change-shop-status', { shop: shopA.id, new_status: 'inactive' }, admin.token);
  await post(
    '/shops/change-shop-status',
    { shop: waiting.id, new_status: 'inactive' },
    admin.token,
  );
  expect(await summary()).toEqual({
    shops: before.shops - 1,
    shops_waiting: before.shops_waiting + 1,
  });
  await post('/shops/change-shop-status', { shop: shopA.id, new_status: 'active' }, admin.token);
});
