import { recordAudit, systemAudit } from '../src/lib/audit';
import { auditEntryBatches } from '../src/repositories/audit-log';
import type { AuditEntry } from '../src/schemas/audit';
import { PASSWORD, addStock, createTestContext, type TestContext } from './helpers';

// A shop's own activity (issue 33): its logins, password changes and request
// decisions, newest first and paged, never another shop's; and the super
// admin's export, streamed in batches, answering exactly the filter's rows.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const activity = async (token: string, query = '') => {
  const res = await ctx.call({ method: 'GET', url: `/api/v0/shops/activity${query}`, token });
  expect(res.statusCode).toBe(200);
  return { total: Number(res.headers['x-total-count']), items: res.json() as AuditEntry[] };
};

const login = (email: string, password: string) =>
  ctx.call({ method: 'POST', url: '/api/v0/shops/login', payload: { email, password } });

describe('GET /shops/activity', () => {
  beforeAll(async () => {
    await login(ctx.shopA.email, 'wrong-password');
    await login(ctx.shopA.email, PASSWORD);
    await login(ctx.shopB.email, PASSWORD);
    await addStock(ctx.db, null, 'cup', 5);
    const asked = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/request_container/',
      token: ctx.shopA.token,
      payload: { containers: [{ container_type: 'cup', count: 2 }] },
    });
    const decided = await ctx.call({
      method: 'POST',
      url: `/api/v0/pack/containers/${asked.json().id}/approve_or_deny/`,
      token: ctx.admin.token,
      payload: { approved: true },
    });
    expect(decided.statusCode).toBe(200);
    // A status change of A: not part of what a shop sees of itself.
    await recordAudit(ctx.db, systemAudit(), {
      action: 'shop.deactivate',
      target: { kind: 'shop', id: ctx.shopA.id, label: ctx.shopA.name },
    });
  });

  it("answers the shop's own logins and decisions, newest first, the provider unnamed", async () => {
    const { total, items } = await activity(ctx.shopA.token);
    expect(items.map((e) => e.action)).toEqual([
      'request.approve',
      'login.success',
      'login.failure',
    ]);
    expect(total).toBe(3);
    expect(items.every((e) => e.shop_id === ctx.shopA.id)).toBe(true);
    expect(items[0]?.actor).toEqual({ id: null, role: 'super_admin', name: null });
    expect(JSON.stringify(items)).not.toContain(ctx.admin.email);
    expect(items[1]?.actor).toEqual({ id: ctx.shopA.id, role: 'shop', name: ctx.shopA.name });
  });

  it('pages with X-Total-Count', async () => {
    const page = await activity(ctx.shopA.token, '?limit=1&offset=1');
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.action)).toEqual(['login.success']);
  });

  it("never shows another shop's entries", async () => {
    const { items } = await activity(ctx.shopB.token);
    expect(items.map((e) => e.action)).toEqual(['login.success']);
    expect(JSON.stringify(items)).not.toContain(ctx.shopA.name);
  });

  it('refuses the super admin (it has GET /audit) and a bad page', async () => {
    const admin = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/activity',
      token: ctx.admin.token,
    });
    expect(admin.statusCode).toBe(403);
    const bad = await ctx.call({
      method: 'GET',
      url: '/api/v0/shops/activity?limit=0',
      token: ctx.shopA.token,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /shops/activity, many kinds mixed', () => {
  // Pages of an allow-list are merged from each action's newest entries
  // (audit-log.ts, newestOfEachAction): the same entries, in the same
  // order, as the whole list read in one go.
  beforeAll(async () => {
    const kinds = ['login.failure', 'loan.lend', 'request.deny', 'login.success', 'loan.return'];
    for (let i = 0; i < 30; i += 1)
      await recordAudit(ctx.db, systemAudit(), {
        action: kinds[i % kinds.length] as 'loan.lend',
        target: { kind: 'shop', id: ctx.shopB.id, label: ctx.shopB.name },
        shopId: ctx.shopB.id,
      });
  });

  it('pages through them newest first, each entry once', async () => {
    const whole = await activity(ctx.shopB.token);
    expect(whole.total).toBe(1 + 18);
    expect(new Set(whole.items.map((e) => e.action))).toEqual(
      new Set(['login.failure', 'request.deny', 'login.success']),
    );
    const ids = whole.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const paged: number[] = [];
    for (let offset = 0; offset < whole.total; offset += 4) {
      const page = await activity(ctx.shopB.token, `?limit=4&offset=${offset}`);
      expect(page.total).toBe(whole.total);
      paged.push(...page.items.map((e) => e.id));
    }
    expect(paged).toEqual(ids);
  });
});

describe('the streamed export', () => {
  const MANY = 2_345;
  beforeAll(async () => {
    // One insert: a few thousand entries on two days, alternating shops.
    await ctx.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: MANY }, (_, i) => ({
          at: `2024-02-0${1 + (i % 2)}T10:00:00.000Z`,
          actor_id: null,
          actor_role: 'system' as const,
          actor_name: null,
          action: i % 3 === 0 ? 'shop.activate' : 'shop.deactivate',
          target_kind: 'shop',
          target_id: i % 2 === 0 ? ctx.shopA.id : ctx.shopB.id,
          target_label: `=cmd ${i}`,
          shop_id: i % 2 === 0 ? ctx.shopA.id : ctx.shopB.id,
          address: null,
          user_agent: null,
          details: JSON.stringify({ i }),
        })),
      )
      .execute();
  });

  const csv = async (query: string) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v0/audit?format=csv&${query}`,
      token: ctx.admin.token,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    return { total: Number(res.headers['x-total-count']), rows: lines.slice(1) };
  };
  const jsonIds = async (query: string) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v0/audit?${query}`,
      token: ctx.admin.token,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as AuditEntry[]).map((e) => e.id);
  };

  it('answers every row of the filter, past one batch, in the list order', async () => {
    const filter = `from=2024-02-01&to=2024-02-01&shop=${ctx.shopA.id}&action=shop.deactivate`;
    const { total, rows } = await csv(filter);
    const expected = Array.from({ length: MANY }, (_, i) => i).filter(
      (i) => i % 2 === 0 && i % 3 !== 0,
    );
    expect(total).toBe(expected.length);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((row) => row.split(',')[0]).map(Number)).toEqual(await jsonIds(filter));
    // Newest first; a label that looks like a formula is defused.
    expect(rows[0]).toContain(`'=cmd ${expected.at(-1)}`);
  });

  it('answers the same page as the list with limit and offset', async () => {
    const filter = 'from=2024-02-01&to=2024-02-02&limit=1500&offset=700';
    const ids = (await csv(filter)).rows.map((row) => Number(row.split(',')[0]));
    expect(ids).toHaveLength(1500);
    expect(ids).toEqual(await jsonIds(filter));
  });

  it('reads in batches after the last id, never past the limit', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    const filter = { from: '2024-02-02', to: '2024-02-02' };
    for await (const batch of auditEntryBatches(ctx.db, filter, { limit: 7, offset: 2 }, 3)) {
      sizes.push(batch.length);
      seen.push(...batch.map((e) => e.id));
    }
    expect(sizes).toEqual([3, 3, 1]);
    const all = await jsonIds('from=2024-02-02&to=2024-02-02&limit=9');
    expect(seen).toEqual(all.slice(2));
  });
});
