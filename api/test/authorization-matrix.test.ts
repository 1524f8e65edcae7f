import type { InjectOptions } from 'fastify';

import { signToken } from '../src/lib/jwt';
import { hashSetPasswordToken } from '../src/lib/notifications';
import { hashSecret } from '../src/lib/passwords';
import { storeResetCode } from '../src/repositories/reset-codes';
import { storeSetPasswordToken } from '../src/repositories/set-password-tokens';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import {
  JWT_SECRET,
  PASSWORD,
  addStock,
  createTestContext,
  multipart,
  type TestContext,
} from './helpers';
import { signViewTicket } from './view-tickets';

/** The release controller's secret, which also keys the page views' tickets. */
const CONTROLLER = 'controller-secret-for-the-matrix';

/**
 * Every operation of the OpenAPI document × every kind of caller, each cell
 * asserted against the table below (spec: login/register/forget/reset are
 * public; the rest need a valid token of an active account; a shop only ever
 * reaches its own data). An operation added to the API without a row here
 * fails the first test.
 */

const IDENTITIES = [
  'anonymous',
  'garbage',
  'expired',
  'algNone',
  'wrongSecret',
  'revoked',
  'inactive',
  'shopA',
  'shopBonA',
  'superAdmin',
] as const;
type Identity = (typeof IDENTITIES)[number];

/** `ok` = any 2xx; a number = exactly that status. */
type Expected = 'ok' | 401 | 403 | 404 | 409;

/*
 * Columns, in IDENTITIES order:
 *   anonymous · garbage token · expired · alg none · wrong secret · revoked (password changed by
 *   the super admin after issue) · inactive shop · shop A on its own ids · shop B on A's ids and
 *   with ?shop=A · super admin (on A's ids).
 */
// prettier-ignore
const MATRIX = {
  'POST /api/v0/shops/login':                                       ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'POST /api/v0/shops/register':                                    ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'POST /api/v0/shops/forget-password':                             ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'POST /api/v0/shops/reset-password':                              ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'POST /api/v0/shops/set-password':                                ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  'GET /api/v0/shops/shop':                                         [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/shops/shop/last-two':                                [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/shops/shop/info':                                    [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
  'PUT /api/v0/shops/shop/{id}':                                    [401,  401,  401,  401,  401,  401,  403,  'ok', 403,  'ok'],
  'POST /api/v0/shops/change-shop-status':                          [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  // The super admin's page of a shop, the shop list's figures and the league table (issue 32).
  'GET /api/v0/pack/shops/{id}/overview':                           [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/pack/shops/figures':                                 [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/pack/shops/league':                                  [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'POST /api/v0/shops/change-password':                             [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  // Each shop its own activity (the audit log's entries about it); the super admin has GET /audit.
  'GET /api/v0/shops/activity':                                     [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'GET /api/v0/shops/settings':                                     [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'PUT /api/v0/shops/settings':                                     [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'GET /api/v0/shops/notification-settings':                        [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'PUT /api/v0/shops/notification-settings':                        [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/pack/containers/types_and_countries':                [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
  'GET /api/v0/pack/containers/info_admin':                         [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/pack/containers/loans_by_weekday':                   [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
  'GET /api/v0/pack/containers/loans_and_packs_by_container_type':  [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
  'GET /api/v0/pack/containers/loans':                              [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'GET /api/v0/pack/containers/returns':                            [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  // The work-list: a shop's own figures; B reminding or writing off A's loan finds nothing of its own.
  'GET /api/v0/pack/containers/loans/summary':                      [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'GET /api/v0/pack/containers/return_rate':                        [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'POST /api/v0/pack/containers/loans/{id}/remind':                 [401,  401,  401,  401,  401,  401,  403,  'ok', 404,  403],
  'POST /api/v0/pack/containers/loans/{id}/lost':                   [401,  401,  401,  401,  401,  401,  403,  'ok', 409,  403],
  // B lending A's containers: "elsewhere" is a 409 (README); B may take A's loans back (any shop accepts returns).
  'POST /api/v0/pack/containers/lend':                              [401,  401,  401,  401,  401,  401,  403,  'ok', 409,  403],
  'POST /api/v0/pack/containers/return':                            [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  // The counter: B may ask about A's codes (it learns no name of A's), undoes only its own returns.
  'GET /api/v0/pack/containers/code/{code}':                        [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'POST /api/v0/pack/containers/return/undo':                       [401,  401,  401,  401,  401,  401,  403,  'ok', 409,  403],
  'GET /api/v0/pack/containers/clients':                            [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'POST /api/v0/pack/containers/request_container':                 [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  'POST /api/v0/pack/containers/{id}/approve_or_deny':              [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'POST /api/v0/pack/containers/generate_codes':                    [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/pack/container-requests':                            [401,  401,  401,  401,  401,  401,  403,  'ok', 403,  'ok'],
  // B cancelling A's request finds nothing of its own.
  'POST /api/v0/pack/container-requests/{id}/cancel':               [401,  401,  401,  401,  401,  401,  403,  'ok', 404,  403],
  // Past approval: the provider marks sent; A marks its own received, B finds nothing of its own.
  'POST /api/v0/pack/container-requests/{id}/sent':                 [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'POST /api/v0/pack/container-requests/{id}/received':             [401,  401,  401,  401,  401,  401,  403,  'ok', 404,  403],
  'GET /api/v0/pack/qr-batches':                                    [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  'GET /api/v0/audit':                                              [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  // Live events: every account its own stream; B's holds nothing of A's (issue 33, live-events.test.ts).
  'GET /api/v0/events':                                             [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
  'GET /api/v0/pack/qr-batches/{id}':                               [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  // Anyone may report a remote's page load (the login page is a remote too); no personal data.
  'POST /api/v0/telemetry/remote-loads':                            ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  // The super admin (or the release controller's secret, not held by any identity here).
  'GET /api/v0/telemetry/remote-loads/summary':                     [401,  401,  401,  401,  401,  401,  403,  403,  403,  'ok'],
  // Release actions for the audit log: only the release controller's secret, which no identity here holds.
  'POST /api/v0/releases/audit':                                    [401,  401,  401,  401,  401,  401,  401,  401,  401,  401],
  // Each shop its own password; it bumps token_version, which the builder sets back (see REQUESTS).
  'POST /api/v0/shops/change-own-password':                         [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 403],
  // It ends the token it is called with: the live identities send a spare one (see SPARE).
  'POST /api/v0/shops/logout':                                      [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
  // Last: it revokes the caller's own tokens, which every row above still needs.
  'POST /api/v0/shops/logout-everywhere':                           [401,  401,  401,  401,  401,  401,  403,  'ok', 'ok', 'ok'],
} satisfies Record<string, Expected[]>;
type Operation = keyof typeof MATRIX;

/** Public calls the `sec` branch rate-limits: a 429 there is a refusal, never a bypass. */
const RATE_LIMITED = new Set<Operation>([
  'POST /api/v0/shops/login',
  'POST /api/v0/shops/register',
  'POST /api/v0/shops/forget-password',
  'POST /api/v0/shops/reset-password',
  'POST /api/v0/shops/set-password',
]);

let ctx: TestContext;
const tokens = {} as Record<Identity, string | undefined>;
const extra = { revoked: 0, toggle: 0, password: 0, reset: 0 };
const RESET_CODE = '424242';
let registered = 0;
let setPasswordLinks = 0;

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

beforeAll(async () => {
  ctx = await createTestContext({ releaseControllerToken: CONTROLLER });
  const hash = await hashSecret(PASSWORD);
  const shop = (name: string, status: 'active' | 'inactive') =>
    insertShop(ctx.db, systemAudit(), {
      name,
      email: `${name.toLowerCase()}@test.dev`,
      phone: '+1 555 0100',
      logo: null,
      created_date: '2025-01-04T00:00:00.000Z',
      status,
      x_gis: null,
      y_gis: null,
      password_hash: hash,
    });
  extra.revoked = (await shop('Revoked', 'active')).id;
  extra.toggle = (await shop('Toggle', 'inactive')).id;
  extra.password = (await shop('Password', 'active')).id;
  extra.reset = (await shop('Reset', 'active')).id;

  const now = Math.floor(Date.now() / 1000);
  Object.assign(tokens, {
    anonymous: undefined,
    garbage: 'not.a-real.token',
    expired: signToken(
      { kind: 'shop', id: ctx.shopA.id, ver: 0 },
      JWT_SECRET,
      Date.now() - 8 * 24 * 3600e3,
    ),
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ kind: 'admin', id: ctx.admin.id, ver: 0, iat: now, exp: now + 3600 })}.`,
    wrongSecret: signToken({ kind: 'admin', id: ctx.admin.id, ver: 0 }, 'not-the-secret'),
    revoked: signToken({ kind: 'shop', id: extra.revoked, ver: 0 }, JWT_SECRET),
    inactive: signToken({ kind: 'shop', id: ctx.inactive.id, ver: 0 }, JWT_SECRET),
    shopA: ctx.shopA.token,
    shopBonA: ctx.shopB.token,
    superAdmin: ctx.admin.token,
  } satisfies Record<Identity, string | undefined>);

  // Revoked the way the panel does it: the super admin sets a new password after the token was issued.
  const changed = await ctx.call({
    method: 'POST',
    url: '/api/v0/shops/change-password/',
    token: ctx.admin.token,
    payload: { shop: extra.revoked, new_password: 'a-new-password' },
  });
  expect(changed.statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** An overdue loan of shop A's with the client's e-mail (through the API), by id. */
async function overdueLoanOfA(): Promise<number> {
  const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
  const lent = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/lend/',
    token: ctx.shopA.token,
    payload: {
      codes: [code],
      client: 'client-of-A',
      client_email: 'client-of-a@test.dev',
      due_date: '2020-01-01',
    },
  });
  expect(lent.statusCode).toBe(201);
  return (lent.json() as { id: number }).id;
}

/** A container of shop A out on loan (through the API, as the panel lends). */
async function lentCodeOfA(): Promise<string> {
  const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
  const lent = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/lend/',
    token: ctx.shopA.token,
    payload: { codes: [code], client: 'client-of-A' },
  });
  expect(lent.statusCode).toBe(201);
  return code as string;
}

/** A request of shop A, approved (by hand in the database: marking it moves no stock). */
async function approvedRequestOfA(): Promise<number> {
  const created = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container/',
    token: ctx.shopA.token,
    payload: { containers: [{ container_type: 'cup', count: 1 }] },
  });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { id: number }).id;
  await ctx.db
    .updateTable('container_requests')
    .set({ status: 'APPROVED' })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * Per operation, a request that succeeds for a caller allowed to make it,
 * aimed at shop A's data, with fresh data each time so cells are independent.
 */
const REQUESTS: Record<Operation, () => Promise<InjectOptions>> = {
  'POST /api/v0/shops/login': async () => ({
    method: 'POST',
    url: '/api/v0/shops/login/',
    payload: { email: ctx.shopA.email, password: PASSWORD },
  }),
  'POST /api/v0/shops/register': async () => ({
    method: 'POST',
    url: '/api/v0/shops/register/',
    ...multipart({ name: 'New', email: `new${++registered}@test.dev`, phone: '12345' }),
  }),
  'POST /api/v0/shops/forget-password': async () => ({
    method: 'POST',
    url: '/api/v0/shops/forget-password/',
    payload: { email: ctx.shopA.email },
  }),
  'POST /api/v0/shops/reset-password': async () => {
    await storeResetCode(ctx.db, extra.reset, await hashSecret(RESET_CODE));
    return {
      method: 'POST',
      url: '/api/v0/shops/reset-password/',
      payload: { email: 'reset@test.dev', reset_code: RESET_CODE, new_password: 'brand-new-pw' },
    };
  },
  'POST /api/v0/shops/set-password': async () => {
    // A fresh link per cell: each is good once.
    const token = `matrix-token-${++setPasswordLinks}`;
    await storeSetPasswordToken(ctx.db, extra.reset, hashSetPasswordToken(token), new Date());
    return {
      method: 'POST',
      url: '/api/v0/shops/set-password/',
      payload: { token, password: 'brand-new-pw' },
    };
  },
  'GET /api/v0/shops/shop': async () => ({ url: '/api/v0/shops/shop/' }),
  'GET /api/v0/shops/shop/last-two': async () => ({ url: '/api/v0/shops/shop/last-two' }),
  'GET /api/v0/shops/shop/info': async () => ({ url: '/api/v0/shops/shop/info' }),
  'PUT /api/v0/shops/shop/{id}': async () => ({
    method: 'PUT',
    url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
    ...multipart({ phone: '+1 555 0100' }),
  }),
  'POST /api/v0/shops/change-shop-status': async () => {
    await ctx.db
      .updateTable('shops')
      .set({ status: 'inactive' })
      .where('id', '=', extra.toggle)
      .execute();
    return {
      method: 'POST',
      url: '/api/v0/shops/change-shop-status/',
      payload: { shop: extra.toggle, new_status: 'active' },
    };
  },
  'GET /api/v0/pack/shops/{id}/overview': async () => ({
    url: `/api/v0/pack/shops/${ctx.shopA.id}/overview`,
  }),
  'GET /api/v0/pack/shops/figures': async () => ({ url: '/api/v0/pack/shops/figures' }),
  'GET /api/v0/pack/shops/league': async () => ({ url: '/api/v0/pack/shops/league' }),
  'POST /api/v0/shops/change-password': async () => ({
    method: 'POST',
    url: '/api/v0/shops/change-password/',
    payload: { shop: extra.password, new_password: 'another-password' },
  }),
  'GET /api/v0/shops/settings': async () => ({ url: '/api/v0/shops/settings' }),
  'GET /api/v0/shops/notification-settings': async () => ({
    url: '/api/v0/shops/notification-settings',
  }),
  'PUT /api/v0/shops/notification-settings': async () => ({
    method: 'PUT',
    url: '/api/v0/shops/notification-settings/',
    payload: { daily_digest: true },
  }),
  'PUT /api/v0/shops/settings': async () => ({
    method: 'PUT',
    url: '/api/v0/shops/settings/',
    payload: { loan_days: 14 },
  }),
  'GET /api/v0/pack/containers/types_and_countries': async () => ({
    url: '/api/v0/pack/containers/types_and_countries',
  }),
  'GET /api/v0/pack/containers/info_admin': async () => ({
    url: '/api/v0/pack/containers/info_admin/',
  }),
  'GET /api/v0/pack/containers/loans_by_weekday': async () => ({
    url: '/api/v0/pack/containers/loans_by_weekday/',
  }),
  'GET /api/v0/pack/containers/loans_and_packs_by_container_type': async () => ({
    url: '/api/v0/pack/containers/loans_and_packs_by_container_type/',
  }),
  'GET /api/v0/pack/containers/loans': async () => ({ url: '/api/v0/pack/containers/loans/' }),
  'GET /api/v0/pack/containers/returns': async () => ({ url: '/api/v0/pack/containers/returns/' }),
  'GET /api/v0/pack/containers/loans/summary': async () => ({
    url: '/api/v0/pack/containers/loans/summary',
  }),
  'GET /api/v0/pack/containers/return_rate': async () => ({
    url: '/api/v0/pack/containers/return_rate',
  }),
  'POST /api/v0/pack/containers/loans/{id}/remind': async () => ({
    method: 'POST',
    url: `/api/v0/pack/containers/loans/${await overdueLoanOfA()}/remind`,
  }),
  'POST /api/v0/pack/containers/loans/{id}/lost': async () => {
    const id = await overdueLoanOfA();
    const loan = await ctx.db
      .selectFrom('containers')
      .select('code')
      .where('loan_id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      method: 'POST',
      url: `/api/v0/pack/containers/loans/${id}/lost`,
      payload: { codes: [loan.code], reason: 'matrix' },
    };
  },
  'POST /api/v0/pack/containers/lend': async () => ({
    method: 'POST',
    url: '/api/v0/pack/containers/lend/',
    payload: { codes: await addStock(ctx.db, ctx.shopA.id, 'cup', 1), client: 'client-of-A' },
  }),
  'POST /api/v0/pack/containers/return': async () => ({
    method: 'POST',
    url: '/api/v0/pack/containers/return/',
    payload: { codes: [await lentCodeOfA()] },
  }),
  'GET /api/v0/pack/containers/code/{code}': async () => ({
    url: `/api/v0/pack/containers/code/${await lentCodeOfA()}?for=lend`,
  }),
  'POST /api/v0/pack/containers/return/undo': async () => {
    const code = await lentCodeOfA();
    const returned = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/return/',
      token: ctx.shopA.token,
      payload: { codes: [code] },
    });
    expect(returned.statusCode).toBe(200);
    return {
      method: 'POST',
      url: '/api/v0/pack/containers/return/undo/',
      payload: { codes: [code] },
    };
  },
  'GET /api/v0/pack/containers/clients': async () => ({
    url: '/api/v0/pack/containers/clients?search=client',
  }),
  'POST /api/v0/pack/containers/request_container': async () => ({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container/',
    payload: { containers: [{ container_type: 'cup', count: 1 }] },
  }),
  'POST /api/v0/pack/containers/{id}/approve_or_deny': async () => {
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/request_container/',
      token: ctx.shopA.token,
      payload: { containers: [{ container_type: 'cup', count: 1 }] },
    });
    expect(created.statusCode).toBe(201);
    return {
      method: 'POST',
      url: `/api/v0/pack/containers/${created.json().id}/approve_or_deny/`,
      payload: { approved: false, reason: 'matrix' },
    };
  },
  'POST /api/v0/pack/containers/generate_codes': async () => ({
    method: 'POST',
    url: '/api/v0/pack/containers/generate_codes/',
    payload: { country: 'France', type: 'cup', count: 1 },
  }),
  'GET /api/v0/pack/container-requests': async () => ({
    url: '/api/v0/pack/container-requests/',
  }),
  'POST /api/v0/pack/container-requests/{id}/cancel': async () => {
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/request_container/',
      token: ctx.shopA.token,
      payload: { containers: [{ container_type: 'cup', count: 1 }] },
    });
    expect(created.statusCode).toBe(201);
    return { method: 'POST', url: `/api/v0/pack/container-requests/${created.json().id}/cancel` };
  },
  'POST /api/v0/pack/container-requests/{id}/sent': async () => ({
    method: 'POST',
    url: `/api/v0/pack/container-requests/${await approvedRequestOfA()}/sent`,
  }),
  'POST /api/v0/pack/container-requests/{id}/received': async () => ({
    method: 'POST',
    url: `/api/v0/pack/container-requests/${await approvedRequestOfA()}/received`,
  }),
  'GET /api/v0/pack/qr-batches': async () => ({ url: '/api/v0/pack/qr-batches/' }),
  'GET /api/v0/audit': async () => ({ url: '/api/v0/audit?limit=5' }),
  'GET /api/v0/shops/activity': async () => ({ url: '/api/v0/shops/activity?limit=5' }),
  // A stream: read up to its `ready` event, then closed (see answerOf).
  'GET /api/v0/events': async () => ({
    url: '/api/v0/events',
    headers: { accept: 'text/event-stream' },
    payloadAsStream: true,
  }),
  'POST /api/v0/releases/audit': async () => ({
    method: 'POST',
    url: '/api/v0/releases/audit',
    payload: {
      action: 'promote',
      remote: 'mfe-qr',
      version: '1.1.0',
      actor: { role: 'operator', name: 'matrix' },
      automatic: false,
    },
  }),
  'GET /api/v0/pack/qr-batches/{id}': async () => {
    const generated = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/generate_codes/',
      token: ctx.admin.token,
      payload: { country: 'France', type: 'cup', count: 1 },
    });
    expect(generated.statusCode).toBe(201);
    return { url: `/api/v0/pack/qr-batches/${generated.json().batch_id}` };
  },
  'POST /api/v0/telemetry/remote-loads': async () => ({
    method: 'POST',
    url: '/api/v0/telemetry/remote-loads/',
    payload: {
      remote: 'mfe_qr',
      version: '1.0.0',
      ticket: signViewTicket(CONTROLLER, { remote: 'mfe_qr', version: '1.0.0' }),
      event: 'load',
    },
  }),
  'GET /api/v0/telemetry/remote-loads/summary': async () => ({
    url: '/api/v0/telemetry/remote-loads/summary?remote=mfe_qr&version=1.0.0',
  }),
  // The previous cell's change revoked that shop's tokens: setting token_version back to 0
  // revives them, so every shop's cells (and the rows after) keep working. Same password.
  'POST /api/v0/shops/change-own-password': async () => {
    await ctx.db
      .updateTable('shops')
      .set({ token_version: 0 })
      .where('id', 'in', [ctx.shopA.id, ctx.shopB.id])
      .execute();
    return {
      method: 'POST',
      url: '/api/v0/shops/change-own-password/',
      payload: { current_password: PASSWORD, new_password: PASSWORD },
    };
  },
  'POST /api/v0/shops/logout': async () => ({ method: 'POST', url: '/api/v0/shops/logout/' }),
  'POST /api/v0/shops/logout-everywhere': async () => ({
    method: 'POST',
    url: '/api/v0/shops/logout-everywhere/',
  }),
};

/** Another token of each live identity, for the logout row, so the rows after it keep theirs. */
const SPARE: Partial<Record<Identity, () => string>> = {
  shopA: () => signToken({ kind: 'shop', id: ctx.shopA.id, ver: 0 }, JWT_SECRET),
  shopBonA: () => signToken({ kind: 'shop', id: ctx.shopB.id, ver: 0 }, JWT_SECRET),
  superAdmin: () => signToken({ kind: 'admin', id: ctx.admin.id, ver: 0 }, JWT_SECRET),
};

/** Every GET also carries ?shop=<A>: a shop must never widen its view with a query parameter. */
function withShopQuery(options: InjectOptions): InjectOptions {
  if (options.method && options.method !== 'GET') return options;
  const url = String(options.url);
  return { ...options, url: `${url}${url.includes('?') ? '&' : '?'}shop=${ctx.shopA.id}` };
}

type Answer = Awaited<ReturnType<TestContext['call']>>;

/**
 * The answer with its body read. A stream's body is read up to its `ready`
 * event (or its end, for a refusal), then the stream is closed.
 */
async function answerOf(
  request: InjectOptions,
  res: Answer,
): Promise<{ statusCode: number; body: string; json: () => unknown }> {
  if (!request.payloadAsStream) return res;
  const stream = res.stream();
  let body = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready event: ${body}`)), 5_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
      if (body.includes('event: ready')) done();
    });
    stream.on('end', done);
  });
  stream.destroy();
  return { statusCode: res.statusCode, body, json: () => JSON.parse(body) as unknown };
}

describe('the matrix', () => {
  it('has one row per operation of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(Object.keys(MATRIX).sort());
  });
});

let asserted = 0;

describe.each(Object.keys(MATRIX) as Operation[])('%s', (operation) => {
  it.each(IDENTITIES.map((who, i) => [who, MATRIX[operation][i] as Expected]))(
    'as %s answers %s',
    async (who, expected) => {
      const request = withShopQuery(await REQUESTS[operation]());
      const spare = operation === 'POST /api/v0/shops/logout' ? SPARE[who] : undefined;
      const res = await answerOf(
        request,
        await ctx.call({ ...request, token: spare ? spare() : tokens[who] }),
      );
      const allowed =
        expected === 'ok'
          ? res.statusCode >= 200 && res.statusCode < 300
          : res.statusCode === expected;
      const limited = RATE_LIMITED.has(operation) && res.statusCode === 429;
      expect({ who, status: res.statusCode, allowed: allowed || limited }).toEqual({
        who,
        status: res.statusCode,
        allowed: true,
      });
      if (res.statusCode >= 400) {
        expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
      }
      // Shop B's successful answers must hold nothing of shop A's.
      if (who === 'shopBonA' && allowed && expected === 'ok') {
        for (const marker of [ctx.shopA.email, ctx.shopA.name, 'client-of-A']) {
          expect(res.body).not.toContain(marker);
        }
      }
      asserted++;
    },
  );
});

describe('the count', () => {
  it('asserted every cell', () => {
    const cells = Object.keys(MATRIX).length * IDENTITIES.length;
    console.log(`authorization matrix: ${cells} cells asserted (${ctx.kind})`);
    expect(asserted).toBe(cells);
  });
});
