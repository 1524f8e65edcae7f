import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';

import { buildApp } from '../src/app';
import { loadConfig, DEFAULT_RATE_LIMITS, type RateLimits } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { createMemoryMailer } from './memory-mailer';
import { JWT_SECRET, PASSWORD, createTestContext, multipart, type TestContext } from './helpers';

const MINUTE = 60_000;
const LIMITS: RateLimits = {
  login: {
    perIp: { max: 6, windowMs: MINUTE },
    perAccountIp: { max: 3, windowMs: MINUTE },
    perAccount: { max: 10, windowMs: MINUTE },
  },
  forgetPassword: {
    perIp: { max: 100, windowMs: MINUTE },
    perAccountIp: { max: 2, windowMs: 15 * MINUTE },
    perAccount: { max: 3, windowMs: 15 * MINUTE },
  },
  resetPassword: {
    perIp: { max: 100, windowMs: MINUTE },
    perAccountIp: { max: 4, windowMs: 15 * MINUTE },
    perAccount: { max: 4, windowMs: 15 * MINUTE },
  },
  register: {
    perIp: { max: 3, windowMs: MINUTE },
    perAccountIp: { max: 2, windowMs: MINUTE },
    perAccount: { max: 2, windowMs: MINUTE },
  },
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
  // An instance behind a proxy on 127.0.0.1, which names the client in X-Forwarded-For.
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await buildApp(
      {
        db: ctx.db,
        kind: ctx.kind,
        jwtSecret: JWT_SECRET,
        dataDir: ctx.dataDir,
        mailer: createMemoryMailer(),
      },
      { rateLimits: LIMITS, trustProxy: '127.0.0.1' },
    );
  });
  afterAll(() => proxied.close());
  const viaProxy = (email: string, password: string, client: string) =>
    send(proxied, {
      method: 'POST',
      url: '/api/v0/shops/login/',
      payload: { email, password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });

  it('answers 429 with Retry-After after 3 tries for one account from one address, even with the right password', async () => {
    const ip = newAddress();
    for (let i = 0; i < 3; i++)
      expect((await login(ctx.shopA.email, 'wrong', ip)).statusCode).toBe(401);
    expectLimited(await login(ctx.shopA.email, PASSWORD, ip));
    // Whatever the e-mail's case.
    expectLimited(await login(` ${ctx.shopA.email.toUpperCase()} `, PASSWORD, ip));
    // Another account from that address is not limited, nor this one from another address.
    expect((await login(ctx.shopB.email, PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(ctx.shopA.email, PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it('lets the owner in after ten wrong logins from ten addresses, and slows those addresses', async () => {
    // Sent as through a proxy, each with its own X-Forwarded-For.
    const attackers = Array.from({ length: 10 }, newAddress);
    for (const ip of attackers)
      expect((await viaProxy(ctx.admin.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await viaProxy(ctx.admin.email, PASSWORD, newAddress())).statusCode).toBe(200);
    // Past the account's own limit, an address that already tried gets no second try.
    expectLimited(await viaProxy(ctx.admin.email, 'wrong', attackers[0] as string));
    expectLimited(await viaProxy(ctx.admin.email, PASSWORD, attackers[1] as string));
  });

  it('answers 429 after 6 tries from one address, whichever accounts they name', async () => {
    const ip = newAddress();
    for (let i = 0; i < 6; i++)
      expect((await login(`nobody${i}@test.dev`, 'wrong', ip)).statusCode).toBe(401);
    expectLimited(await login('someone-else@test.dev', 'wrong', ip));
    expect((await login('someone-else@test.dev', 'wrong', newAddress())).statusCode).toBe(401);
  });

  it('counts parallel tries atomically: 20 at once from one address, exactly 3 answered', async () => {
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('racer@test.dev', 'wrong', ip)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
  });
});

describe('forget and reset password', () => {
  const forget = (email: string, remoteAddress = newAddress()) =>
    send(ctx.app, {
      method: 'POST',
      url: '/api/v0/shops/forget-password/',
      payload: { email },
      remoteAddress,
    });
  const reset = (email: string, code: string, remoteAddress = newAddress()) =>
    send(ctx.app, {
      method: 'POST',
      url: '/api/v0/shops/reset-password/',
      payload: { email, reset_code: code, new_password: 'whatever-pass' },
      remoteAddress,
    });

  it('sends at most 2 codes per e-mail to one address per 15 minutes', async () => {
    const ip = newAddress();
    const before = ctx.mail.length;
    for (let i = 0; i < 2; i++) expect((await forget(ctx.shopB.email, ip)).statusCode).toBe(200);
    const limited = await forget(ctx.shopB.email, ip);
    expectLimited(limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(ctx.mail.length).toBe(before + 2);
    // Unknown e-mails are limited alike, so the answer tells nothing about the account.
    for (let i = 0; i < 2; i++) expect((await forget('ghost@test.dev', ip)).statusCode).toBe(200);
    expectLimited(await forget('ghost@test.dev', ip));
  });

  it('sends the owner a code after three calls for its e-mail from other addresses', async () => {
    const attackers = [newAddress(), newAddress(), newAddress()];
    for (const ip of attackers) expect((await forget(ctx.shopA.email, ip)).statusCode).toBe(200);
    // The account is past its own limit: those addresses get no more codes sent…
    expectLimited(await forget(ctx.shopA.email, attackers[0]));
    // …but the owner, from its own address, gets one, and it works.
    const owner = newAddress();
    expect((await forget(ctx.shopA.email, owner)).statusCode).toBe(200);
    const mail = ctx.mail.at(-1);
    expect(mail?.to).toBe(ctx.shopA.email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] as string;
    expect((await reset(ctx.shopA.email, code, owner)).statusCode).toBe(200);
  });

  it('limits reset attempts per e-mail and address, and slows the e-mail past its own limit', async () => {
    const ip = newAddress();
    for (let i = 0; i < 4; i++)
      expect((await reset('ghost2@test.dev', '123456', ip)).statusCode).toBe(400);
    expectLimited(await reset('ghost2@test.dev', '123456', ip));
    // Four tries in all: another address gets its first try, not a second.
    const other = newAddress();
    expect((await reset('ghost2@test.dev', '123456', other)).statusCode).toBe(400);
    expectLimited(await reset('ghost2@test.dev', '123456', other));
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

  it('answers 429 after 2 tries for one e-mail from one address', async () => {
    const ip = newAddress();
    expect((await register('twice@test.dev', ip)).statusCode).toBe(201);
    expect((await register('twice@test.dev', ip)).statusCode).toBe(409);
    expectLimited(await register('twice@test.dev', ip));
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

  let sharedIp: string;
  it('share one limit', async () => {
    const ip = newAddress();
    sharedIp = ip;
    expect((await login('shared@test.dev', 'wrong', ip, ctx.app)).statusCode).toBe(401);
    expect((await login('shared@test.dev', 'wrong', ip, other)).statusCode).toBe(401);
    expect((await login('shared@test.dev', 'wrong', ip, ctx.app)).statusCode).toBe(401);
    expectLimited(await login('shared@test.dev', 'wrong', ip, other));
    expectLimited(await login('shared@test.dev', 'wrong', ip, ctx.app));
  });

  it('stores the counts in the rate_limits table', async () => {
    const hits = async (key: string) => {
      const row = await ctx.db
        .selectFrom('rate_limits')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(Number(row.reset_at)).toBeGreaterThan(Date.now());
      return row.hits;
    };
    expect(await hits(`login:account-ip:${sharedIp}|shared@test.dev`)).toBe(5);
    // The refused tries were not counted against the account.
    expect(await hits('login:account:shared@test.dev')).toBe(3);
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x' });
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(config.rateLimits.login.perAccount).toEqual({ max: 10, windowMs: MINUTE });
    expect(config.rateLimits.login.perAccountIp).toEqual({ max: 10, windowMs: MINUTE });
    expect(config.rateLimits.login.perIp).toEqual({ max: 30, windowMs: MINUTE });
    expect(config.rateLimits.forgetPassword.perAccountIp).toEqual({
      max: 3,
      windowMs: 15 * MINUTE,
    });
    expect(config.rateLimits.forgetPassword.perAccount).toEqual({ max: 5, windowMs: 15 * MINUTE });
  });

  it('reads RATE_LIMIT_<CALL>_<IP|ACCOUNT> as <max>/<window>', () => {
    const config = loadConfig({
      JWT_SECRET: 'x',
      RATE_LIMIT_LOGIN_ACCOUNT: '5/30s',
      RATE_LIMIT_LOGIN_ACCOUNT_IP: '4/10m',
      RATE_LIMIT_REGISTER_IP: '100/2h',
      RATE_LIMIT_FORGET_PASSWORD_ACCOUNT: 'nonsense',
    });
    expect(config.rateLimits.login.perAccount).toEqual({ max: 5, windowMs: 30_000 });
    expect(config.rateLimits.login.perAccountIp).toEqual({ max: 4, windowMs: 10 * MINUTE });
    expect(config.rateLimits.register.perIp).toEqual({ max: 100, windowMs: 2 * 60 * MINUTE });
    expect(config.rateLimits.forgetPassword.perAccount).toEqual(
      DEFAULT_RATE_LIMITS.forgetPassword.perAccount,
    );
  });
});
