import { createTestContext, type TestContext } from './helpers';
import { signViewTicket } from './view-tickets';

/**
 * The shell's remote-load reports: anyone may send one, but only with a page
 * view's ticket signed by the shell's server, for the version it names; a
 * view counts once and fails at most once, after its load. Views are stored
 * in the database (so any API process's controller reads them), rate-limited
 * per IP, and summarized per remote version over its last N views for the
 * super admin or the release controller's secret.
 */
let ctx: TestContext;
const CONTROLLER = 'controller-secret-for-tests';
/** Every report of this file counts, malformed ones too (the limit comes before validation). */
const LIMIT = { max: 150, windowMs: 60_000 };

beforeAll(async () => {
  ctx = await createTestContext({ releaseControllerToken: CONTROLLER, remoteLoadsLimit: LIMIT });
});
afterAll(() => ctx.close());

const ticketFor = (remote: string, version: string, extra: { exp?: number } = {}) =>
  signViewTicket(CONTROLLER, { remote, version, ...extra });

const report = (payload: Record<string, unknown>) =>
  ctx.call({ method: 'POST', url: '/api/v0/telemetry/remote-loads/', payload });

/** One page view of `version`: its load, then, if `fails`, its failure; the statuses. */
async function view(remote: string, version: string, fails: boolean): Promise<number[]> {
  const ticket = ticketFor(remote, version);
  const statuses = [(await report({ remote, version, ticket, event: 'load' })).statusCode];
  if (fails) {
    const failed = await report({ remote, version, ticket, event: 'error', reason: 'render' });
    statuses.push(failed.statusCode);
  }
  return statuses;
}

const summary = (query: string, headers: Record<string, string> = {}) =>
  ctx.call({ url: `/api/v0/telemetry/remote-loads/summary?${query}`, headers });

const counts = async (remote: string, version: string) =>
  (
    await summary(`remote=${remote}&version=${version}`, { 'x-release-controller': CONTROLLER })
  ).json();

describe('remote-load reports', () => {
  it('stores the load and the failure of one ticketed page view, without a login, and nothing personal', async () => {
    const ticket = ticketFor('mfe_qr', '2.0.0');
    // Unknown fields are dropped (the API's removeAdditional), never stored.
    const loaded = await report({
      remote: 'mfe_qr',
      version: '2.0.0',
      ticket,
      event: 'load',
      user: 'someone@example.com',
    });
    expect(loaded.statusCode).toBe(204);
    const failed = await report({
      remote: 'mfe_qr',
      version: '2.0.0',
      ticket,
      event: 'error',
      reason: 'render',
    });
    expect(failed.statusCode).toBe(204);
    const rows = await ctx.db
      .selectFrom('remote_page_views')
      .selectAll()
      .where('version', '=', '2.0.0')
      .execute();
    expect(rows.map(({ remote, version, reason }) => ({ remote, version, reason }))).toEqual([
      { remote: 'mfe_qr', version: '2.0.0', reason: 'render' },
    ]);
    expect(rows[0]?.failed_at).not.toBeNull();
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['created_at', 'failed_at', 'id', 'reason', 'remote', 'version', 'view'].sort(),
    );
  });

  it.each([
    [{ version: '1.0.0', event: 'load' }],
    [{ remote: 'mfe_qr', event: 'load' }],
    [{ remote: 'mfe_qr', version: '1.0.0', event: 'load', ticket: undefined }],
    [{ remote: 'mfe_qr', version: '1.0.0', event: 'load', ticket: 'not a ticket' }],
    [{ remote: 'mfe_qr', version: '1.0.0', event: 'crash' }],
    [{ remote: 'MFE QR', version: '1.0.0', event: 'load' }],
    [{ remote: 'mfe_qr', version: '../1.0.0', event: 'load' }],
    [{ remote: 'mfe_qr', version: '1.0.0', event: 'error', reason: 'boredom' }],
  ])('refuses a malformed report %j with 400 {error}', async (payload) => {
    const res = await report({ ticket: ticketFor('mfe_qr', '1.0.0'), ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses a forged, altered or expired ticket with 400 and stores nothing', async () => {
    const real = ticketFor('mfe_qr', '2.1.0');
    const [payload, signature] = real.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const altered = Buffer.from(JSON.stringify({ ...claims, version: '2.1.1' })).toString(
      'base64url',
    );
    for (const ticket of [
      signViewTicket('a guessed secret', { remote: 'mfe_qr', version: '2.1.0' }),
      `${altered}.${signature}`,
      ticketFor('mfe_qr', '2.1.0', { exp: Date.now() - 1 }),
    ]) {
      const res = await report({ remote: 'mfe_qr', version: '2.1.0', ticket, event: 'load' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringMatching(/ticket is not valid/) });
    }
    expect(await counts('mfe_qr', '2.1.0')).toEqual({ loads: 0, failures: 0 });
    expect(await counts('mfe_qr', '2.1.1')).toEqual({ loads: 0, failures: 0 });
  });

  it('takes a failure only after the load of the same ticket', async () => {
    const ticket = ticketFor('mfe_qr', '2.2.0');
    const early = await report({ remote: 'mfe_qr', version: '2.2.0', ticket, event: 'error' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: expect.stringMatching(/load was not reported/) });
    expect(await counts('mfe_qr', '2.2.0')).toEqual({ loads: 0, failures: 0 });
  });

  it('summarizes one version over its last N views, for the controller and the super admin', async () => {
    for (let i = 0; i < 10; i += 1) await view('mfe_shops', '3.0.0', i >= 4);
    await view('mfe_shops', '3.0.1', false);
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
    expect(await counts('mfe_shops', '9.9.9')).toEqual({ loads: 0, failures: 0 });
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

/**
 * Issue 28's attacks on the release controller through this endpoint. What
 * the controller decides on the counts stored here is in
 * panel-server/src/releases/__tests__/release-gate.test.ts ("the attacks of issue 28").
 */
describe('forged reports (issue 28)', () => {
  it("one load and five errors for the canary's version count as one view with one failure", async () => {
    const ticket = ticketFor('mfe_qr', '5.0.0-canary');
    const body = { remote: 'mfe_qr', version: '5.0.0-canary', ticket };
    const statuses = [(await report({ ...body, event: 'load' })).statusCode];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await report({ ...body, event: 'error', reason: 'render' })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 409, 409, 409, 409]);
    // A second load of the same view does not count either.
    expect((await report({ ...body, event: 'load' })).statusCode).toBe(409);
    expect(await counts('mfe_qr', '5.0.0-canary')).toEqual({ loads: 1, failures: 1 });
  });

  it('six reports for a version that was not deployed are refused', async () => {
    // The shell's server signs only the versions it serves; here 1.0.0.
    const served = ticketFor('mfe_qr', '1.0.0');
    const attempts = [
      { ticket: served, event: 'load' },
      ...Array.from({ length: 5 }, () => ({ ticket: served, event: 'error', reason: 'render' })),
    ];
    for (const attempt of attempts) {
      const res = await report({ remote: 'mfe_qr', version: '6.0.0-next', ...attempt });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'The ticket is for mfe_qr 1.0.0, not mfe_qr 6.0.0-next.',
      });
    }
    expect(await counts('mfe_qr', '6.0.0-next')).toEqual({ loads: 0, failures: 0 });
  });

  it("one load and one error for stable stay one view; the canary's eight real failing views count eight", async () => {
    expect(await view('mfe_auth', '1.0.0', true)).toEqual([204, 204]);
    for (let i = 0; i < 8; i += 1)
      expect(await view('mfe_auth', '7.0.0', true)).toEqual([204, 204]);
    expect(await counts('mfe_auth', '1.0.0')).toEqual({ loads: 1, failures: 1 });
    expect(await counts('mfe_auth', '7.0.0')).toEqual({ loads: 8, failures: 8 });
  });

  it('of two identical reports sent at once, one is stored (two API processes on PostgreSQL)', async () => {
    const ticket = ticketFor('mfe_dashboard', '8.0.0');
    const body = { remote: 'mfe_dashboard', version: '8.0.0', ticket };
    const loads = await Promise.all([1, 2].map(() => report({ ...body, event: 'load' })));
    expect(loads.map((res) => res.statusCode).sort()).toEqual([204, 409]);
    const errors = await Promise.all(
      [1, 2].map(() => report({ ...body, event: 'error', reason: 'rejection' })),
    );
    expect(errors.map((res) => res.statusCode).sort()).toEqual([204, 409]);
    expect(await counts('mfe_dashboard', '8.0.0')).toEqual({ loads: 1, failures: 1 });
  });
});

describe('the per-IP limit', () => {
  it('answers 429 with Retry-After past the limit (150 a minute in this file)', async () => {
    let refused = null;
    for (let i = 0; i < LIMIT.max + 1 && !refused; i += 1) {
      const res = await report({
        remote: 'mfe_qr',
        version: '1.0.0',
        ticket: ticketFor('mfe_qr', '1.0.0'),
        event: 'load',
      });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(204);
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(refused?.json()).toEqual({ error: expect.any(String) });
  });
});
