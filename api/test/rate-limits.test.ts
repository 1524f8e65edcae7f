import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';

import { buildApp } from '../src/app';
import { loadConfig, DEFAULT_RATE_LIMITS, type RateLimits } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { createMemoryMailer } from '../src/lib/mailer';
import { JWT_SECRET, PASSWORD, createTestContext, multipart, type TestContext } from './helpers';

const MINUTE = 60_000;
const LIMITS: RateLimits = {
  login: { perIp: { max: 6, windowMs: MINUTE }, perAccount: { max: 3, windowMs: MINUTE } },
  forgetPassword: {
    perIp: { max: 100, windowMs: MINUTE },
    perAccount: { max: 3, windowMs: 15 * MINUTE },
  },
  resetPassword: {
    perIp: { max: 100, windowMs: MINUTE },
    perAccount: { max: 4, windowMs: 15 * MINUTE },
  },
  register: { perIp: { max: 3, windowMs: MINUTE }, perAccount: { max: 2, windowMs: MINUTE } },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: LIMITS });
});
afterAll(() => ctx.close());

// Each test comes from its own address, so the per-IP counts of one test do
// not leak into the next.
let nextAddress = 1;
const newAddress = () => `10.0.0.${nextAddress++}`;

const send = (app: FastifyInstance, options: InjectOptions) => app.inject(options);
const login = (email: string, password: string, remoteAddress: string, app = ctx.app) =>
  send(app, {
    method: 'POST',
    url: '/api/v0/shops/login/',
    payload: { email, password },
    remoteAddress,
  });

function expectLimited(res: Awaited<ReturnType<typeof login>>): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: expect.stringMatching(/^Too many attempts/) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
}

describe('login', () => {
  it('answers 429 with Retry-After after 3 tries for one account, even with the right password', async () => {
    const ip = newAddress();
    for (let i = 0; i < 3; i++)
      expect((await login(ctx.shopA.email, 'wrong', ip)).statusCode).toBe(401);
    expectLimited(await login(ctx.shopA.email, PASSWORD, ip));
    // The account is limited from every address, whatever the e-mail's case.
    expectLimited(await login(` ${ctx.shopA.email.toUpperCase()} `, PASSWORD, newAddress()));
    // Another account is not.
    expect((await login(ctx.shopB.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('answers 429 after 6 tries from one address, whichever accounts they name', async () => {
    const ip = newAddress();
    for (let i = 0; i < 6; i++)
      expect((await login(`nobody${i}@test.dev`, 'wrong', ip)).statusCode).toBe(401);
    expectLimited(await login('someone-else@test.dev', 'wrong', ip));
    expect((await login('someone-else@test.dev', 'wrong', newAddress())).statusCode).toBe(401);
  });

  it('counts parallel tries atomically: 20 at once, exactly 3 answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('racer@test.dev', 'wrong', newAddress())),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
  });
});

describe('forget and reset password', () => {
  const forget = (email: string) =>
    send(ctx.app, {
      method: 'POST',
      url: '/api/v0/shops/forget-password/',
      payload: { email },
      remoteAddress: newAddress(),
    });

  it('sends at most 3 codes per e-mail per 15 minutes', async () => {
    const before = ctx.mail.length;
    for (let i = 0; i < 3; i++) expect((await forget(ctx.shopB.email)).statusCode).toBe(200);
    const limited = await forget(ctx.shopB.email);
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(ctx.mail.length).toBe(before + 3);
    // Unknown e-mails are limited alike, so the answer tells nothing about the account.
    for (let i = 0; i < 3; i++) expect((await forget('ghost@test.dev')).statusCode).toBe(200);
    expectLimited(await forget('ghost@test.dev'));
  });

  it('limits reset attempts per e-mail', async () => {
    const reset = () =>
      send(ctx.app, {
        method: 'POST',
        url: '/api/v0/shops/reset-password/',
        payload: { email: 'ghost2@test.dev', reset_code: '123456', new_password: 'whatever-pass' },
        remoteAddress: newAddress(),
      });
    for (let i = 0; i < 4; i++) expect((await reset()).statusCode).toBe(400);
    expectLimited(await reset());
  });
});

describe('register', () => {
  const register = (email: string, remoteAddress: string) =>
    send(ctx.app, {
      method: 'POST',
      url: '/api/v0/shops/register/',
      ...multipart({ name: 'Flood', email, phone: '123456' }),
      remoteAddress,
    });

  it('answers 429 after 3 registrations from one address, before reading the form', async () => {
    const ip = newAddress();
    for (let i = 0; i < 3; i++)
      expect((await register(`flood${i}@test.dev`, ip)).statusCode).toBe(201);
    expectLimited(await register('flood3@test.dev', ip));
    const created = await ctx.db
      .selectFrom('shops')
      .select('email')
      .where('email', 'like', 'flood%')
      .execute();
    expect(created).toHaveLength(3);
  });

  it('answers 429 after 2 tries for one e-mail', async () => {
    expect((await register('twice@test.dev', newAddress())).statusCode).toBe(201);
    expect((await register('twice@test.dev', newAddress())).statusCode).toBe(409);
    expectLimited(await register('twice@test.dev', newAddress()));
  });
});

describe('several API processes on one database', () => {
  let other: FastifyInstance;
  let otherDb: Db | null = null;

  beforeAll(async () => {
    let db = ctx.db;
    if (ctx.kind === 'postgres') {
      // A second pool on the same schema: what a second process would have.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        ctx.db,
      );
      otherDb = connect(process.env.PG_TEST_URL as string, {
        schema: rows[0]?.schema as string,
      }).db;
      db = otherDb;
    }
    other = await buildApp(
      {
        db,
        kind: ctx.kind,
        jwtSecret: JWT_SECRET,
        dataDir: ctx.dataDir,
        mailer: createMemoryMailer(),
      },
      { rateLimits: LIMITS },
    );
  });
  afterAll(async () => {
    await other.close();
    await otherDb?.destroy();
  });

  it('share one limit', async () => {
    const ip = newAddress();
    expect((await login('shared@test.dev', 'wrong', ip, ctx.app)).statusCode).toBe(401);
    expect((await login('shared@test.dev', 'wrong', ip, other)).statusCode).toBe(401);
    expect((await login('shared@test.dev', 'wrong', ip, ctx.app)).statusCode).toBe(401);
    expectLimited(await login('shared@test.dev', 'wrong', ip, other));
    expectLimited(await login('shared@test.dev', 'wrong', ip, ctx.app));
  });

  it('stores the counts in the rate_limits table', async () => {
    const row = await ctx.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('key', '=', 'login:account:shared@test.dev')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(5);
    expect(Number(row.reset_at)).toBeGreaterThan(Date.now());
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x' });
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(config.rateLimits.login.perAccount).toEqual({ max: 10, windowMs: MINUTE });
    expect(config.rateLimits.login.perIp).toEqual({ max: 30, windowMs: MINUTE });
    expect(config.rateLimits.forgetPassword.perAccount).toEqual({ max: 3, windowMs: 15 * MINUTE });
  });

  it('reads RATE_LIMIT_<CALL>_<IP|ACCOUNT> as <max>/<window>', () => {
    const config = loadConfig({
      JWT_SECRET: 'x',
      RATE_LIMIT_LOGIN_ACCOUNT: '5/30s',
      RATE_LIMIT_REGISTER_IP: '100/2h',
      RATE_LIMIT_FORGET_PASSWORD_ACCOUNT: 'nonsense',
    });
    expect(config.rateLimits.login.perAccount).toEqual({ max: 5, windowMs: 30_000 });
    expect(config.rateLimits.register.perIp).toEqual({ max: 100, windowMs: 2 * 60 * MINUTE });
    expect(config.rateLimits.forgetPassword.perAccount).toEqual(
      DEFAULT_RATE_LIMITS.forgetPassword.perAccount,
    );
  });
});
