import { sql } from 'kysely';

import { recordAudit, systemAudit } from '../src/lib/audit';
import { pruneAudit } from '../src/lib/audit-retention';
import { hashSetPasswordToken } from '../src/lib/notifications';
import type { AuditEntry } from '../src/schemas/audit';
import { PASSWORD, addStock, createTestContext, type TestContext } from './helpers';

// The audit log (issue 33): each action writes one entry in its own
// transaction, a refused one none; entries are never changed; prune is the
// only way out; the super admin lists them filtered and paged.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const AGENT = 'audit-test-agent/1.0';

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  ctx.call({ method, url: `/api/v0${url}`, token, payload, headers: { 'user-agent': AGENT } });

async function lastId(): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Runs an action and answers the entries it wrote, read through the API. */
async function entriesOf(action: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = await lastId();
  await action();
  const res = await call('GET', '/audit?limit=50', ctx.admin.token);
  expect(res.statusCode).toBe(200);
  return (res.json() as AuditEntry[]).filter((entry) => entry.id > before);
}

async function ask(count = 2): Promise<number> {
  const res = await call('POST', '/pack/containers/request_container/', ctx.shopA.token, {
    containers: [{ container_type: 'cup', count }],
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const adminActor = () => ({ id: ctx.admin.id, role: 'super_admin', name: ctx.admin.email });
const shopAActor = () => ({ id: ctx.shopA.id, role: 'shop', name: ctx.shopA.name });

describe('request actions', () => {
  it('records an approval with its counts, the actor, address and user agent', async () => {
    await addStock(ctx.db, null, 'cup', 10);
    const id = await ask(3);
    const entries = await entriesOf(async () => {
      const res = await call('POST', `/pack/containers/${id}/approve_or_deny/`, ctx.admin.token, {
        approved: true,
        reason: 'admin',
        quantities: [2],
      });
      expect(res.statusCode).toBe(200);
    });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'request.approve',
        actor: adminActor(),
        target: { kind: 'request', id, label: `Request ${id} (${ctx.shopA.name})` },
        shop_id: ctx.shopA.id,
        address: '127.0.0.1',
        user_agent: AGENT,
        details: { reason: 'admin', lines: [{ type: 'cup', asked: 3, approved: 2 }] },
      }),
    ]);
  });

  it('records a denial with its explanation', async () => {
    const id = await ask();
    const entries = await entriesOf(() =>
      call('POST', `/pack/containers/${id}/approve_or_deny/`, ctx.admin.token, {
        approved: false,
        explanation: 'Out of season',
      }),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'request.deny',
      target: { kind: 'request', id },
      details: { explanation: 'Out of season' },
    });
  });

  it('writes no entry for a refused approval (not enough stock)', async () => {
    const id = await ask(50);
    const entries = await entriesOf(async () => {
      const res = await call('POST', `/pack/containers/${id}/approve_or_deny/`, ctx.admin.token, {
        approved: true,
      });
      expect(res.statusCode).toBe(409);
    });
    expect(entries).toEqual([]);
  });

  it('records a cancel by the shop, and sent then received', async () => {
    const cancelled = await ask();
    const [cancel] = await entriesOf(() =>
      call('POST', `/pack/container-requests/${cancelled}/cancel`, ctx.shopA.token),
    );
    expect(cancel).toMatchObject({ action: 'request.cancel', actor: shopAActor() });

    await addStock(ctx.db, null, 'cup', 2);
    const id = await ask();
    await call('POST', `/pack/containers/${id}/approve_or_deny/`, ctx.admin.token, {
      approved: true,
    });
    const marked = await entriesOf(async () => {
      await call('POST', `/pack/container-requests/${id}/sent`, ctx.admin.token);
      await call('POST', `/pack/container-requests/${id}/received`, ctx.shopA.token);
      // Twice is refused (409) and writes nothing.
      await call('POST', `/pack/container-requests/${id}/received`, ctx.shopA.token);
    });
    expect(marked.map((e) => [e.action, e.actor.role])).toEqual([
      ['request.received', 'shop'],
      ['request.sent', 'super_admin'],
    ]);
  });
});

describe('other actions', () => {
  it('records a QR batch', async () => {
    let batchId = 0;
    const entries = await entriesOf(async () => {
      const res = await call('POST', '/pack/containers/generate_codes/', ctx.admin.token, {
        country: 'United Arab Emirates',
        type: 'cup',
        count: 3,
      });
      expect(res.statusCode).toBe(201);
      batchId = (res.json() as { batch_id: number }).batch_id;
    });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'qr_batch.generate',
        target: { kind: 'qr_batch', id: batchId, label: `Batch ${batchId}` },
        details: { country: 'United Arab Emirates', type: 'cup', count: 3 },
      }),
    ]);
  });

  it('records status changes with the reason, and none for a refused one', async () => {
    const change = (status: string, reason?: string) =>
      call('POST', '/shops/change-shop-status/', ctx.admin.token, {
        shop: ctx.inactive.id,
        new_status: status,
        reason,
      });
    const entries = await entriesOf(async () => {
      expect((await change('active')).statusCode).toBe(200);
      expect((await change('active')).statusCode).toBe(409);
      expect((await change('inactive', 'Unpaid invoice')).statusCode).toBe(200);
    });
    expect(entries.map((e) => [e.action, e.shop_id, e.details])).toEqual([
      ['shop.deactivate', ctx.inactive.id, { reason: 'Unpaid invoice' }],
      ['shop.activate', ctx.inactive.id, { reason: null }],
    ]);
  });

  it('records logins, success and failure, with the address and no password', async () => {
    const login = (email: string, password: string) =>
      call('POST', '/shops/login/', undefined, { email, password });
    const entries = await entriesOf(async () => {
      expect((await login(ctx.shopA.email, PASSWORD)).statusCode).toBe(200);
      expect((await login(ctx.shopA.email, 'wrong-password')).statusCode).toBe(401);
      expect((await login('nobody@test.dev', 'wrong-password')).statusCode).toBe(401);
      expect((await login(ctx.admin.email, PASSWORD)).statusCode).toBe(200);
    });
    expect(entries.map((e) => [e.action, e.actor.role, e.target.kind, e.address])).toEqual([
      ['login.success', 'super_admin', 'admin', '127.0.0.1'],
      ['login.failure', 'anonymous', 'account', '127.0.0.1'],
      ['login.failure', 'anonymous', 'shop', '127.0.0.1'],
      ['login.success', 'shop', 'shop', '127.0.0.1'],
    ]);
    expect(entries[2]?.details).toEqual({ email: ctx.shopA.email, why: 'wrong password' });
    expect(JSON.stringify(entries)).not.toMatch(/wrong-password|password123/);
  });
});

describe('loans', () => {
  it('records a lend, a return, its undo and a write-off; a refused lend writes none', async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 4);
    let loanId = 0;
    const entries = await entriesOf(async () => {
      const lend = await call('POST', '/pack/containers/lend', ctx.shopA.token, {
        codes,
        client: 'Client One',
        due_date: '2999-01-01',
      });
      expect(lend.statusCode).toBe(201);
      loanId = (lend.json() as { id: number }).id;
      const again = await call('POST', '/pack/containers/lend', ctx.shopA.token, {
        codes: codes.slice(0, 1),
        client: 'Client Two',
      });
      expect(again.statusCode).toBe(409);
      const back = { codes: codes.slice(0, 2) };
      expect(
        (await call('POST', '/pack/containers/return', ctx.shopA.token, back)).statusCode,
      ).toBe(200);
      expect(
        (await call('POST', '/pack/containers/return/undo', ctx.shopA.token, back)).statusCode,
      ).toBe(200);
      const lost = await call('POST', `/pack/containers/loans/${loanId}/lost`, ctx.shopA.token, {
        codes: codes.slice(3),
        reason: 'Broken',
      });
      expect(lost.statusCode).toBe(200);
    });
    expect(entries.map((e) => [e.action, e.actor.role, e.target.kind, e.shop_id])).toEqual([
      ['loan.write_off', 'shop', 'loan', ctx.shopA.id],
      ['loan.undo_return', 'shop', 'shop', ctx.shopA.id],
      ['loan.return', 'shop', 'shop', ctx.shopA.id],
      ['loan.lend', 'shop', 'loan', ctx.shopA.id],
    ]);
    expect(entries[0]?.details).toEqual({ codes: codes.slice(3), reason: 'Broken' });
    expect(entries[2]?.details).toEqual({
      codes: codes.slice(0, 2),
      loans: [loanId],
      completed_loans: [],
    });
    expect(entries[3]).toMatchObject({
      target: { id: loanId },
      details: { codes, due_date: '2999-01-01' },
    });
  });
});

describe('password changes and sign-out everywhere', () => {
  it('records each way a password changes, never the password', async () => {
    const secret = 'a-new-password-1';
    const entries = await entriesOf(async () => {
      // The super admin sets shop B's.
      const byAdmin = await call('POST', '/shops/change-password/', ctx.admin.token, {
        shop: ctx.shopB.id,
        new_password: secret,
      });
      expect(byAdmin.statusCode).toBe(200);
      // Shop B by an e-mailed code.
      await call('POST', '/shops/forget-password/', undefined, { email: ctx.shopB.email });
      const code = ctx.mail.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
      const reset = await call('POST', '/shops/reset-password/', undefined, {
        email: ctx.shopB.email,
        reset_code: code,
        new_password: secret,
      });
      expect(reset.statusCode).toBe(200);
      // Shop B by a set-password link.
      await ctx.db
        .insertInto('set_password_tokens')
        .values({
          token_hash: hashSetPasswordToken('link-token'),
          shop_id: ctx.shopB.id,
          expires_at: '2999-01-01T00:00:00.000Z',
          used_at: null,
        })
        .execute();
      const link = await call('POST', '/shops/set-password', undefined, {
        token: 'link-token',
        password: secret,
      });
      expect(link.statusCode).toBe(200);
      // Shop A its own.
      const own = await call('POST', '/shops/change-own-password/', ctx.shopA.token, {
        current_password: PASSWORD,
        new_password: secret,
      });
      expect(own.statusCode).toBe(200);
      ctx.shopA.token = (own.json() as { access: string }).access;
    });
    const shopB = { id: ctx.shopB.id, role: 'shop', name: ctx.shopB.name };
    expect(entries.map((e) => [e.action, e.actor, e.target.id])).toEqual([
      ['password.change_own', shopAActor(), ctx.shopA.id],
      ['password.set_by_link', shopB, ctx.shopB.id],
      ['password.reset', shopB, ctx.shopB.id],
      ['password.set_by_admin', adminActor(), ctx.shopB.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('records a sign-out everywhere', async () => {
    const entries = await entriesOf(() =>
      call('POST', '/shops/logout-everywhere/', ctx.shopA.token),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'logout.everywhere',
        actor: shopAActor(),
        target: { kind: 'shop', id: ctx.shopA.id, label: ctx.shopA.name },
      }),
    ]);
  });
});

describe('GET /audit', () => {
  beforeAll(async () => {
    for (const day of [1, 2, 3, 4, 5])
      await recordAudit(ctx.db, systemAudit(new Date(`2025-03-0${day}T12:00:00.000Z`)), {
        action: 'shop.deactivate',
        target: { kind: 'shop', id: day % 2 === 0 ? ctx.shopB.id : ctx.shopA.id, label: null },
        details: { day },
      });
  });

  const list = async (query: string) => {
    const res = await call('GET', `/audit?${query}`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    return {
      total: Number(res.headers['x-total-count']),
      days: (res.json() as AuditEntry[]).map((e) => e.details.day),
    };
  };

  it('filters by date range, action and shop, newest first', async () => {
    expect(await list('from=2025-03-02&to=2025-03-04')).toEqual({ total: 3, days: [4, 3, 2] });
    expect(await list(`from=2025-03-01&to=2025-03-05&shop=${ctx.shopB.id}`)).toEqual({
      total: 2,
      days: [4, 2],
    });
    expect(await list('to=2025-03-05&action=shop.deactivate&actor_role=system')).toEqual({
      total: 5,
      days: [5, 4, 3, 2, 1],
    });
    expect(await list('to=2025-03-05&action=login.success')).toEqual({ total: 0, days: [] });
  });

  it('filters by actor and pages with X-Total-Count', async () => {
    const res = await call(
      'GET',
      `/audit?actor=${ctx.admin.id}&actor_role=super_admin`,
      ctx.admin.token,
    );
    const all = res.json() as AuditEntry[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((e) => e.actor.id === ctx.admin.id)).toBe(true);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const page = await call(
      'GET',
      `/audit?actor=${ctx.admin.id}&actor_role=super_admin&limit=2&offset=1`,
      ctx.admin.token,
    );
    expect(Number(page.headers['x-total-count'])).toBe(all.length);
    expect((page.json() as AuditEntry[]).map((e) => e.id)).toEqual(
      all.slice(1, 3).map((e) => e.id),
    );
  });

  it('exports the same rows as CSV', async () => {
    const res = await call(
      'GET',
      '/audit?from=2025-03-02&to=2025-03-03&format=csv',
      ctx.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor_role,actor_name,action,target_kind,target_id,target_label,shop_id,address,user_agent,details',
    );
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      '2025-03-03T12:00:00.000Z',
      '2025-03-02T12:00:00.000Z',
    ]);
  });

  it('refuses a bad filter with a 400', async () => {
    // Ids are per role: an admin and a shop may share one.
    for (const query of ['action=nope', 'from=yesterday', 'shop=0', 'format=xml', 'actor=1'])
      expect((await call('GET', `/audit?${query}`, ctx.admin.token)).statusCode).toBe(400);
  });
});

describe('retention and immutability', () => {
  it('prunes only the entries older than the retention', async () => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    await recordAudit(ctx.db, systemAudit(new Date(now.getTime() - 401 * day)), {
      action: 'shop.activate',
      target: { kind: 'shop', id: ctx.shopA.id, label: 'old' },
    });
    await recordAudit(ctx.db, systemAudit(new Date(now.getTime() - 399 * day)), {
      action: 'shop.activate',
      target: { kind: 'shop', id: ctx.shopA.id, label: 'kept' },
    });
    const cutoff = new Date(now.getTime() - 400 * day).toISOString();
    const count = async (op: '<' | '>=') =>
      Number(
        (
          await ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('at', op, cutoff)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const older = await count('<');
    const newer = await count('>=');
    expect(older).toBeGreaterThan(0);
    expect(await pruneAudit(ctx.db, 400, now)).toBe(older);
    expect(await count('<')).toBe(0);
    expect(await count('>=')).toBe(newer);
  });

  it('refuses UPDATE (both databases), and DELETE and TRUNCATE on PostgreSQL', async () => {
    // Row triggers fire only on rows: there is one to refuse.
    await recordAudit(ctx.db, systemAudit(), {
      action: 'shop.activate',
      target: { kind: 'shop', id: ctx.shopA.id, label: null },
    });
    // The refusal as text: a statement's error, whatever realm its class is from.
    const refusal = (statement: ReturnType<typeof sql>) =>
      statement.execute(ctx.db).then(
        () => 'done',
        (error: unknown) => String(error),
      );
    expect(await refusal(sql`update audit_log set action = 'x'`)).toMatch(/append-only/);
    if (ctx.kind === 'postgres') {
      expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
      expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
      // The prune's permission ends with its transaction.
      await pruneAudit(ctx.db, 400, new Date());
      expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    }
    const changed = await ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(Number(changed.n)).toBe(0);
  });
});
