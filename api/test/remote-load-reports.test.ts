import { createTestContext, type TestContext } from './helpers';

/**
 * The shell's remote-load reports: anyone may send one, a malformed one is a
 * 400, they are stored in the database (so any API process's controller
 * reads them), rate-limited per IP, and summarized per remote version over
 * its last N loads for the super admin or the release controller's secret.
 */
let ctx: TestContext;
const CONTROLLER = 'controller-secret-for-tests';
/** Every report of this file counts, malformed ones too (the limit comes before validation). */
const LIMIT = { max: 40, windowMs: 60_000 };

beforeAll(async () => {
  ctx = await createTestContext({ releaseControllerToken: CONTROLLER, remoteLoadsLimit: LIMIT });
});
afterAll(() => ctx.close());

const report = (payload: Record<string, unknown>) =>
  ctx.call({ method: 'POST', url: '/api/v0/telemetry/remote-loads/', payload });

const summary = (query: string, headers: Record<string, string> = {}) =>
  ctx.call({ url: `/api/v0/telemetry/remote-loads/summary?${query}`, headers });

describe('remote-load reports', () => {
  it('stores a load and an error without a login, and nothing personal', async () => {
    // Unknown fields are dropped (the API's removeAdditional), never stored.
    await report({
      remote: 'mfe_qr',
      version: '0.0.1',
      event: 'load',
      user: 'someone@example.com',
    });
    expect((await report({ remote: 'mfe_qr', version: '2.0.0', event: 'load' })).statusCode).toBe(
      204,
    );
    const failed = await report({
      remote: 'mfe_qr',
      version: '2.0.0',
      event: 'error',
      reason: 'render',
    });
    expect(failed.statusCode).toBe(204);
    const rows = await ctx.db
      .selectFrom('remote_load_reports')
      .selectAll()
      .where('version', '=', '2.0.0')
      .execute();
    expect(
      rows.map(({ remote, version, event, reason }) => ({ remote, version, event, reason })),
    ).toEqual([
      { remote: 'mfe_qr', version: '2.0.0', event: 'load', reason: null },
      { remote: 'mfe_qr', version: '2.0.0', event: 'error', reason: 'render' },
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['created_at', 'event', 'id', 'reason', 'remote', 'version'].sort(),
    );
  });

  it.each([
    [{ version: '1.0.0', event: 'load' }],
    [{ remote: 'mfe_qr', event: 'load' }],
    [{ remote: 'mfe_qr', version: '1.0.0', event: 'crash' }],
    [{ remote: 'MFE QR', version: '1.0.0', event: 'load' }],
    [{ remote: 'mfe_qr', version: '../1.0.0', event: 'load' }],
    [{ remote: 'mfe_qr', version: '1.0.0', event: 'error', reason: 'boredom' }],
  ])('refuses a malformed report %j with 400 {error}', async (payload) => {
    const res = await report(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('summarizes one version over its last N loads, for the controller and the super admin', async () => {
    for (let i = 0; i < 10; i += 1) {
      await report({ remote: 'mfe_shops', version: '3.0.0', event: 'load' });
      if (i >= 4) {
        await report({ remote: 'mfe_shops', version: '3.0.0', event: 'error', reason: 'load' });
      }
    }
    await report({ remote: 'mfe_shops', version: '3.0.1', event: 'load' });
    const all = await summary('remote=mfe_shops&version=3.0.0', {
      'x-release-controller': CONTROLLER,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ loads: 10, failures: 6 });
    const lastFour = await ctx.call({
      url: '/api/v0/telemetry/remote-loads/summary?remote=mfe_shops&version=3.0.0&last=4',
      token: ctx.admin.token,
    });
    expect(lastFour.json()).toEqual({ loads: 4, failures: 4 });
    expect(
      (
        await summary('remote=mfe_shops&version=9.9.9', { 'x-release-controller': CONTROLLER })
      ).json(),
    ).toEqual({ loads: 0, failures: 0 });
  });

  it('refuses the summary to a wrong controller secret and to a shop', async () => {
    expect(
      (await summary('remote=mfe_qr&version=2.0.0', { 'x-release-controller': 'guess' }))
        .statusCode,
    ).toBe(401);
    const asShop = await ctx.call({
      url: '/api/v0/telemetry/remote-loads/summary?remote=mfe_qr&version=2.0.0',
      token: ctx.shopA.token,
    });
    expect(asShop.statusCode).toBe(403);
  });
});

describe('the per-IP limit', () => {
  it('answers 429 with Retry-After past the limit (40 a minute in this file)', async () => {
    let refused = null;
    for (let i = 0; i < LIMIT.max + 1 && !refused; i += 1) {
      const res = await report({ remote: 'mfe_qr', version: '1.0.0', event: 'load' });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(204);
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(refused?.json()).toEqual({ error: expect.any(String) });
  });
});
