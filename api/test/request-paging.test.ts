import { sql } from 'kysely';

import { seedPendingRequests } from '../src/db/scale-seed';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, token: string) =>
  ctx.call({ method: 'GET', url: `/api/v0${url}`, token });
const post = (url: string, payload: unknown, token: string) =>
  ctx.call({ method: 'POST', url: `/api/v0${url}`, payload: payload as object, token });

interface ListedRequest {
  id: number;
  status: string;
  request_date: string;
  shop: { id: number };
}

/** Makes a request of `shop` dated `day` (days after 2025-03-01), answers its id. */
async function requestOn(shop: { token: string }, day: number): Promise<number> {
  ctx.setNow(new Date(Date.UTC(2025, 2, 1 + day, 12)));
  const res = await post(
    '/pack/containers/request_container/',
    { containers: [{ container_type: 'cup', count: 1 + day }] },
    shop.token,
  );
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

describe('GET /pack/container-requests/ newest first, paged', () => {
  const a: number[] = [];
  const b: number[] = [];

  beforeAll(async () => {
    // Interleaved shops and dates; one of shop A's is denied so statuses mix.
    for (let day = 0; day < 6; day++) {
      a.push(await requestOn(ctx.shopA, day));
      b.push(await requestOn(ctx.shopB, day));
    }
    ctx.setNow(null);
    const denied = await post(
      `/pack/containers/${a[2]}/approve_or_deny/`,
      { approved: false, reason: 'admin' },
      ctx.admin.token,
    );
    expect(denied.statusCode).toBe(200);
  });

  it('keeps the oldest-first whole list as the default answer', async () => {
    const res = await get('/pack/container-requests/', ctx.admin.token);
    expect(res.json().map((r: ListedRequest) => r.id)).toEqual([...a, ...b].sort((x, y) => x - y));
    expect(res.headers['x-total-count']).toBe('12');
  });

  it("pages the super admin's pending tab newest first with the tab's total", async () => {
    const first = await get(
      '/pack/container-requests/?status=PENDING&order=newest&limit=4&offset=0',
      ctx.admin.token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('11');
    const firstPage: ListedRequest[] = first.json();
    expect(firstPage.map((r) => r.id)).toEqual([b[5], a[5], b[4], a[4]]);

    const last = await get(
      '/pack/container-requests/?status=PENDING&order=newest&limit=4&offset=8',
      ctx.admin.token,
    );
    expect(last.json().map((r: ListedRequest) => r.id)).toEqual([a[1], b[0], a[0]]);
  });

  it('breaks a tie of request dates by the newer id', async () => {
    ctx.setNow(new Date(Date.UTC(2025, 2, 20, 12)));
    const older = await requestOn(ctx.shopB, 19);
    ctx.setNow(new Date(Date.UTC(2025, 2, 20, 12)));
    const twin = (
      await post(
        '/pack/containers/request_container/',
        { containers: [{ container_type: 'box', count: 1 }] },
        ctx.shopB.token,
      )
    ).json().id as number;
    ctx.setNow(null);
    const res = await get('/pack/container-requests/?order=newest&limit=2', ctx.admin.token);
    expect(res.json().map((r: ListedRequest) => r.id)).toEqual([twin, older]);
  });

  it('gives a shop only its own requests, newest first, whatever it asks', async () => {
    const res = await get(
      '/pack/container-requests/?status=PENDING&order=newest&limit=10',
      ctx.shopA.token,
    );
    const items: ListedRequest[] = res.json();
    expect(res.headers['x-total-count']).toBe('5');
    expect(items.map((r) => r.id)).toEqual([a[5], a[4], a[3], a[1], a[0]]);
    expect(items.every((r) => r.shop.id === ctx.shopA.id)).toBe(true);
    const denied = await get(
      '/pack/container-requests/?status=DENIED&order=newest',
      ctx.shopB.token,
    );
    expect(denied.json()).toEqual([]);
    expect(denied.headers['x-total-count']).toBe('0');
    expect(
      (await get(`/pack/container-requests/?order=newest&shop=${ctx.shopA.id}`, ctx.shopB.token))
        .statusCode,
    ).toBe(403);
  });

  it('answers 400 for an unknown order', async () => {
    const res = await get('/pack/container-requests/?order=random', ctx.admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

describe('seedPendingRequests (seed --pending-requests)', () => {
  it('adds that many PENDING requests with items, over the active shops', async () => {
    const before = Number(
      (await get('/pack/container-requests/?status=PENDING&limit=1', ctx.admin.token)).headers[
        'x-total-count'
      ],
    );
    await seedPendingRequests(ctx.db, ctx.kind, { requests: 6_000 });
    const page = await get(
      '/pack/container-requests/?status=PENDING&order=newest&limit=50',
      ctx.admin.token,
    );
    expect(Number(page.headers['x-total-count'])).toBe(before + 6_000);
    const items: Array<ListedRequest & { items: unknown[] }> = page.json();
    expect(items).toHaveLength(50);
    expect(items.every((r) => r.items.length >= 1 && r.items.length <= 3)).toBe(true);
    const shops = new Set(items.map((r) => r.shop.id));
    expect([...shops].sort()).toEqual([ctx.shopA.id, ctx.shopB.id].sort());
  });

  it('answers a tab page from an index, not a table scan (SQLite plan)', async () => {
    if (ctx.kind !== 'sqlite') return;
    const plan = await sql<{ detail: string }>`
      explain query plan
      select id from container_requests where status = 'PENDING'
      order by request_date desc, id desc limit 25`.execute(ctx.db);
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toMatch(/USING (COVERING )?INDEX requests_status_date_idx/);
    expect(details).not.toMatch(/TEMP B-TREE/);
  });
});
