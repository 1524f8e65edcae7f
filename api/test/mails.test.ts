import { sendDailyDigest, startDigestTimer } from '../src/lib/daily-digest';
import type { MailMessage } from '../src/lib/mailer';
import { createMemoryMailer } from './memory-mailer';
import {
  sendRequestDecidedMail,
  sendShopActivatedMail,
  type MailDeps,
} from '../src/lib/notifications';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { createTestContext, type TestContext } from './helpers';

// Issue 32, "Tell people what happened": activation with a one-time
// set-password link, decisions, the daily digest; each mail sent once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const PANEL = 'https://panel.example';

/** Deps with a mailer of their own, so each test counts only its mails. */
function mailDeps(db = ctx.db): MailDeps & { sent: MailMessage[] } {
  const mailer = createMemoryMailer();
  return { db, mailer, panelUrl: PANEL, sent: mailer.sent };
}

/** Two mail senders on the same database: on PostgreSQL each has its own pool, as two API processes. */
function twoProcesses(): [MailDeps, MailDeps, MailMessage[]] {
  const one = mailDeps();
  const other = ctx.kind === 'postgres' ? ctx.another() : ctx.db;
  return [one, { ...one, db: other }, one.sent];
}

let shopSeq = 0;
async function newShop(
  status: 'active' | 'inactive',
  name = 'Fresh <Shop> & Co',
  createdDate = new Date().toISOString(),
) {
  shopSeq += 1;
  return insertShop(ctx.db, systemAudit(), {
    name,
    email: `fresh${shopSeq}-${Date.now()}@test.dev`,
    phone: '+1 555 0101',
    logo: null,
    created_date: createdDate,
    status,
    x_gis: null,
    y_gis: null,
    password_hash: null,
  });
}

const tokenOf = (mail: MailMessage | undefined) =>
  /\/auth\/set-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;

const setPassword = (token: string, password = 'new-password-1') =>
  ctx.call({ method: 'POST', url: '/api/v0/shops/set-password', payload: { token, password } });

const login = (email: string, password: string) =>
  ctx.call({ method: 'POST', url: '/api/v0/shops/login', payload: { email, password } });

describe('the activation mail', () => {
  it('tells an active shop, with a set-password link on the panel, in text and escaped HTML', async () => {
    const shop = await newShop('active');
    const deps = mailDeps();
    expect(await sendShopActivatedMail(deps, shop.id, new Date())).toBe(true);
    expect(deps.sent).toHaveLength(1);
    const [mail] = deps.sent;
    expect(mail).toMatchObject({
      to: shop.email,
      subject: 'Your shop is active: set your password',
    });
    expect(mail?.text).toContain(`${PANEL}/auth/set-password?token=`);
    expect(mail?.text).toContain('Hello Fresh <Shop> & Co,');
    expect(mail?.html).toContain('Hello Fresh &lt;Shop&gt; &amp; Co,');
    expect(mail?.html).not.toContain('<Shop>');
    expect(mail?.html).toMatch(
      /<a href="https:\/\/panel\.example\/auth\/set-password\?token=[\w-]+">/,
    );
    // Only the token's hash is stored.
    const rows = await ctx.db
      .selectFrom('set_password_tokens')
      .selectAll()
      .where('shop_id', '=', shop.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(tokenOf(mail));
  });

  it('is sent once per activation, however often it is called', async () => {
    const shop = await newShop('active');
    const deps = mailDeps();
    expect(await sendShopActivatedMail(deps, shop.id, new Date())).toBe(true);
    expect(await sendShopActivatedMail(deps, shop.id, new Date())).toBe(false);
    expect(deps.sent).toHaveLength(1);
  });

  it('sends one mail of two parallel calls from two processes', async () => {
    const shop = await newShop('active');
    const [one, other, sent] = twoProcesses();
    const results = await Promise.all([
      sendShopActivatedMail(one, shop.id, new Date()),
      sendShopActivatedMail(other, shop.id, new Date()),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(sent).toHaveLength(1);
  });

  it('is sent again after the shop was deactivated and activated again', async () => {
    const shop = await newShop('active');
    const deps = mailDeps();
    await sendShopActivatedMail(deps, shop.id, new Date());
    // Deactivation bumps token_version (repositories/shops.ts changeShopStatus).
    await ctx.db
      .updateTable('shops')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', shop.id)
      .execute();
    expect(await sendShopActivatedMail(deps, shop.id, new Date())).toBe(true);
    expect(deps.sent).toHaveLength(2);
  });

  it('sends nothing for an inactive or unknown shop', async () => {
    const shop = await newShop('inactive');
    const deps = mailDeps();
    expect(await sendShopActivatedMail(deps, shop.id, new Date())).toBe(false);
    expect(await sendShopActivatedMail(deps, 999_999, new Date())).toBe(false);
    expect(deps.sent).toHaveLength(0);
  });

  it('gives the key back when the mail cannot be sent, so a later call sends it', async () => {
    const shop = await newShop('active');
    const failing: MailDeps = {
      db: ctx.db,
      panelUrl: PANEL,
      mailer: {
        send: () => Promise.reject(new Error('SMTP down')),
      },
    };
    await expect(sendShopActivatedMail(failing, shop.id, new Date())).rejects.toThrow('SMTP down');
    const deps = mailDeps();
    expect(await sendShopActivatedMail(deps, shop.id, new Date())).toBe(true);
    expect(deps.sent).toHaveLength(1);
    // The failed attempt's token was taken back with it.
    const tokens = await ctx.db
      .selectFrom('set_password_tokens')
      .select('token_hash')
      .where('shop_id', '=', shop.id)
      .execute();
    expect(tokens).toHaveLength(1);
  });
});

describe('POST /shops/set-password', () => {
  async function activatedWithLink(now = new Date()) {
    const shop = await newShop('active', 'Link Shop');
    const deps = mailDeps();
    await sendShopActivatedMail(deps, shop.id, now);
    return { shop, token: tokenOf(deps.sent[0]) };
  }

  afterEach(() => ctx.setNow(null));

  it('sets the password once; the shop logs in; the second use is refused', async () => {
    const { shop, token } = await activatedWithLink();
    const first = await setPassword(token, 'first-password');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Your password has been set. You can log in now.' });
    expect((await login(shop.email, 'first-password')).statusCode).toBe(200);

    const again = await setPassword(token, 'second-password');
    expect(again.statusCode).toBe(409);
    expect((again.json() as { error: string }).error).toMatch(/already been used/);
    expect((await login(shop.email, 'second-password')).statusCode).toBe(401);
    expect((await login(shop.email, 'first-password')).statusCode).toBe(200);
  });

  it('lets one of two parallel uses of a link through', async () => {
    const { token } = await activatedWithLink();
    const codes = (await Promise.all([setPassword(token), setPassword(token)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 409]);
  });

  it('refuses a link after 24 hours, and changes nothing', async () => {
    const sentAt = new Date();
    const { shop, token } = await activatedWithLink(sentAt);
    ctx.setNow(new Date(sentAt.getTime() + 24 * HOUR + 1000));
    const res = await setPassword(token, 'late-password');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/expired/);
    expect((await login(shop.email, 'late-password')).statusCode).toBe(401);
  });

  it('accepts a link just before its 24 hours are up', async () => {
    const sentAt = new Date();
    const { token } = await activatedWithLink(sentAt);
    ctx.setNow(new Date(sentAt.getTime() + 24 * HOUR - 60_000));
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it('refuses a wrong token with a clear message', async () => {
    const res = await setPassword('not-a-token-we-sent');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(/not valid/);
  });

  it('refuses a short password without using up the link', async () => {
    const { token } = await activatedWithLink();
    const res = await setPassword(token, '  short  ');
    expect(res.statusCode).toBe(400);
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it('refuses a body without a token or password', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/shops/set-password',
      payload: { token: '' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the decision mail', () => {
  const decision = (requestId: number, approved: boolean, explanation: string | null = null) => ({
    requestId,
    shopId: ctx.shopA.id,
    approved,
    lines: [
      { label: 'Cup', asked: 10, approved: approved ? 6 : 0 },
      { label: 'Box <large>', asked: 2, approved: approved ? 2 : 0 },
    ],
    explanation,
  });

  it('lists each line asked vs approved when partly approved', async () => {
    const deps = mailDeps();
    expect(await sendRequestDecidedMail(deps, decision(9001, true))).toBe(true);
    const [mail] = deps.sent;
    expect(mail?.to).toBe(ctx.shopA.email);
    expect(mail?.subject).toBe('Your container request #9001 was partly approved');
    expect(mail?.text).toContain('- Cup: asked 10, approved 6');
    expect(mail?.text).toContain('- Box <large>: asked 2, approved 2');
    expect(mail?.html).toContain('<li>Box &lt;large&gt;: asked 2, approved 2</li>');
  });

  it('says approved when every line is met', async () => {
    const deps = mailDeps();
    const full = { ...decision(9002, true), lines: [{ label: 'Cup', asked: 3, approved: 3 }] };
    await sendRequestDecidedMail(deps, full);
    expect(deps.sent[0]?.subject).toBe('Your container request #9002 was approved');
  });

  it('gives the reason of a denial', async () => {
    const deps = mailDeps();
    await sendRequestDecidedMail(deps, decision(9003, false, 'Warehouse empty until <Monday>'));
    const [mail] = deps.sent;
    expect(mail?.subject).toBe('Your container request #9003 was denied');
    expect(mail?.text).toContain('- Cup: asked 10');
    expect(mail?.text).toContain('Reason: Warehouse empty until <Monday>');
    expect(mail?.html).toContain('Reason: Warehouse empty until &lt;Monday&gt;');
  });

  it('is sent once, of repeated and of parallel calls', async () => {
    const [one, other, sent] = twoProcesses();
    const results = await Promise.all([
      sendRequestDecidedMail(one, decision(9004, false, 'No')),
      sendRequestDecidedMail(other, decision(9004, false, 'No')),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(await sendRequestDecidedMail(one, decision(9004, false, 'No'))).toBe(false);
    expect(sent).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  // Far from today, so the shops the other tests make fall outside its windows.
  const day1 = new Date('2030-03-01T07:00:00.000Z');
  const day2 = new Date('2030-03-02T07:05:00.000Z');
  const day3 = new Date('2030-03-03T07:00:00.000Z');

  async function ask(at: Date, count: number) {
    ctx.setNow(at);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/request_container/',
      token: ctx.shopB.token,
      payload: { containers: [{ container_type: 'cup', count }] },
    });
    ctx.setNow(null);
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  }

  const settings = (token: string, payload?: object) =>
    ctx.call({
      method: payload === undefined ? 'GET' : 'PUT',
      url: '/api/v0/shops/notification-settings',
      token,
      ...(payload === undefined ? {} : { payload }),
    });

  it('lists new registrations and requests since the last digest, once a day', async () => {
    await newShop('inactive', 'Digest <One>', '2030-02-28T12:00:00.000Z');
    const requestId = await ask(new Date('2030-02-28T15:00:00.000Z'), 4);
    const deps = mailDeps();
    expect(await sendDailyDigest(deps, day1)).toBe(1);
    const [mail] = deps.sent;
    expect(mail?.to).toBe(ctx.admin.email);
    expect(mail?.subject).toBe('Daily digest: 1 registration, 1 request');
    expect(mail?.text).toContain('Digest <One> <fresh');
    expect(mail?.text).toContain(`#${requestId} from Shop B: 4 containers`);
    expect(mail?.html).toContain('Digest &lt;One&gt;');

    // The same day again, from this process or another: nothing more.
    const [one, other, sent] = twoProcesses();
    expect(await Promise.all([sendDailyDigest(one, day1), sendDailyDigest(other, day1)])).toEqual([
      0, 0,
    ]);
    expect(sent).toHaveLength(0);

    // The next day covers only what came after the first digest.
    await newShop('inactive', 'Digest Two', '2030-03-01T20:00:00.000Z');
    const next = mailDeps();
    expect(await sendDailyDigest(next, day2)).toBe(1);
    expect(next.sent[0]?.subject).toBe('Daily digest: 1 registration, 0 requests');
    expect(next.sent[0]?.text).toContain('Digest Two');
    expect(next.sent[0]?.text).not.toContain('Digest <One>');
  });

  it('sends one digest of two processes racing for a new day', async () => {
    await newShop('inactive', 'Digest Three', '2030-03-02T20:00:00.000Z');
    const [one, other, sent] = twoProcesses();
    const counts = await Promise.all([sendDailyDigest(one, day3), sendDailyDigest(other, day3)]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing on a day with nothing new', async () => {
    const deps = mailDeps();
    expect(await sendDailyDigest(deps, new Date('2030-03-04T07:00:00.000Z'))).toBe(0);
    expect(deps.sent).toHaveLength(0);
  });

  it('is on by default and can be turned off and on by the super admin', async () => {
    const read = await settings(ctx.admin.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ daily_digest: true });

    const off = await settings(ctx.admin.token, { daily_digest: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ daily_digest: false });
    expect((await settings(ctx.admin.token)).json()).toEqual({ daily_digest: false });

    await newShop('inactive', 'Digest Four', '2030-03-04T20:00:00.000Z');
    const deps = mailDeps();
    expect(await sendDailyDigest(deps, new Date('2030-03-05T07:00:00.000Z'))).toBe(0);
    expect(deps.sent).toHaveLength(0);

    expect((await settings(ctx.admin.token, { daily_digest: true })).json()).toEqual({
      daily_digest: true,
    });
  });

  it('refuses a shop and a bad body, changing nothing', async () => {
    expect((await settings(ctx.shopA.token)).statusCode).toBe(403);
    expect((await settings(ctx.shopA.token, { daily_digest: false })).statusCode).toBe(403);
    const bad = await settings(ctx.admin.token, { daily_digest: 'no' });
    expect(bad.statusCode).toBe(400);
    expect((await settings(ctx.admin.token, {})).statusCode).toBe(400);
    expect((await settings(ctx.admin.token)).json()).toEqual({ daily_digest: true });
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v0/shops/notification-settings' })).statusCode,
    ).toBe(401);
  });

  it('is sent by the timer once the hour has come, not before', async () => {
    await newShop('inactive', 'Digest Timer', '2030-03-05T20:00:00.000Z');
    const deps = mailDeps();
    let now = new Date('2030-03-06T06:59:00.000Z');
    // Only the intervals are faked: the database's I/O and the clock run for real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date'] });
    const errors: unknown[] = [];
    const stop = startDigestTimer(deps, { hour: 7, now: () => now, log: (e) => errors.push(e) });
    try {
      /**
       * One tick of the timer, then time for its work: until `done`, up to
       * 10 s (on a loaded machine the digest's reads take a while), or half
       * a second where nothing is to be sent.
       */
      const tick = async (done?: () => boolean) => {
        jest.advanceTimersByTime(10 * 60 * 1000);
        const until = Date.now() + (done ? 10_000 : 500);
        while (!done?.() && Date.now() < until)
          await new Promise((resolve) => setImmediate(resolve));
      };
      await tick();
      expect(deps.sent).toHaveLength(0);
      now = new Date('2030-03-06T07:01:00.000Z');
      await tick(() => deps.sent.length > 0);
      // Since the last digest sent: the day it was off (Digest Four) is included.
      expect(deps.sent).toHaveLength(1);
      expect(deps.sent[0]?.text).toContain('Digest Timer');
      expect(deps.sent[0]?.text).toContain('Digest Four');
      await tick();
      expect(deps.sent).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      stop();
      jest.useRealTimers();
    }
  });
});
