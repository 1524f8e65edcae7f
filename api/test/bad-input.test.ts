import { PNG, addStock, createTestContext, multipart, type TestContext } from './helpers';

/**
 * A table of bad inputs per call: each gets a 4xx with an `error` text and
 * leaves every table unchanged. Nothing may answer 500.
 */
let ctx: TestContext;
let requestId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await addStock(ctx.db, ctx.shopA.id, 'cup', 2);
  const created = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container',
    token: ctx.shopA.token,
    payload: { containers: [{ container_type: 'cup', count: 1 }] },
  });
  requestId = created.json().id;
});
afterAll(() => ctx.close());

const TABLES = [
  'admins',
  'shops',
  'containers',
  'loans',
  'loan_items',
  'container_requests',
  'request_items',
  'reset_codes',
] as const;

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of TABLES) parts.push(await ctx.db.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts);
}

type Who = 'admin' | 'shop' | 'none';
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string | (() => string);
  who: Who;
  payload?: unknown;
  form?: ReturnType<typeof multipart>;
  raw?: { body: string; type: string };
  status: number;
}

const huge = 'x'.repeat(300_000);
const long = 'x'.repeat(5_000);

const cases: Case[] = [
  // login
  {
    name: 'login without password',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    payload: { email: 'a@test.dev' },
    status: 400,
  },
  {
    name: 'login with an object email',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    payload: { email: { $ne: 1 }, password: 'x' },
    status: 400,
  },
  {
    name: 'login with a huge body',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    payload: { email: huge, password: 'x' },
    status: 413,
  },
  {
    name: 'login with broken JSON',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    raw: { body: '{"email":', type: 'application/json' },
    status: 400,
  },
  {
    name: 'login with an array body',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    payload: [1, 2],
    status: 400,
  },
  {
    name: 'login with text/plain',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    raw: { body: 'hello', type: 'text/plain' },
    status: 400,
  },
  {
    name: 'login with XML',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    raw: { body: '<a/>', type: 'application/xml' },
    status: 415,
  },
  // register
  {
    name: 'register without fields',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    form: multipart({}),
    status: 400,
  },
  {
    name: 'register with a long name',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    form: multipart({ name: long, email: 'n@test.dev', phone: '12345' }),
    status: 400,
  },
  {
    name: 'register with a bad phone',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    form: multipart({ name: 'N', email: 'n@test.dev', phone: 'call me' }),
    status: 400,
  },
  {
    name: 'register with a text logo',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    form: multipart(
      { name: 'N', email: 'n@test.dev', phone: '12345' },
      { field: 'logo', name: 'l.png', type: 'image/png', data: Buffer.from('GIF8 nope') },
    ),
    status: 400,
  },
  {
    name: 'register with a JSON object name',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    payload: { name: { a: 1 }, email: 'n@test.dev', phone: '12345' },
    status: 400,
  },
  // forget / reset
  {
    name: 'forget without email',
    method: 'POST',
    url: '/shops/forget-password/',
    who: 'none',
    payload: {},
    status: 400,
  },
  {
    name: 'forget with a long email',
    method: 'POST',
    url: '/shops/forget-password/',
    who: 'none',
    payload: { email: long },
    status: 400,
  },
  {
    name: 'reset with a 5-digit code',
    method: 'POST',
    url: '/shops/reset-password/',
    who: 'none',
    payload: { email: 'a@test.dev', reset_code: '12345', new_password: 'long-enough' },
    status: 400,
  },
  {
    name: 'reset with a short password',
    method: 'POST',
    url: '/shops/reset-password/',
    who: 'none',
    payload: { email: 'a@test.dev', reset_code: '123456', new_password: 'short' },
    status: 400,
  },
  // shops
  {
    name: 'shop list with limit 0',
    method: 'GET',
    url: '/shops/shop/?limit=0',
    who: 'admin',
    status: 400,
  },
  {
    name: 'shop list with a negative offset',
    method: 'GET',
    url: '/shops/shop/?offset=-1',
    who: 'admin',
    status: 400,
  },
  {
    name: 'shop list with a text limit',
    method: 'GET',
    url: '/shops/shop/?limit=ten',
    who: 'admin',
    status: 400,
  },
  {
    name: 'profile with a text id',
    method: 'PUT',
    url: '/shops/shop/abc/',
    who: 'shop',
    form: multipart({ name: 'N' }),
    status: 400,
  },
  {
    name: 'profile with id 0',
    method: 'PUT',
    url: '/shops/shop/0/',
    who: 'admin',
    form: multipart({ name: 'N' }),
    status: 400,
  },
  {
    name: 'profile with a huge id',
    method: 'PUT',
    url: '/shops/shop/99999999999999999999/',
    who: 'admin',
    form: multipart({ name: 'N' }),
    status: 400,
  },
  {
    name: 'profile with latitude 91',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: multipart({ x_gis: '91' }),
    status: 400,
  },
  {
    name: 'profile with a text longitude',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: multipart({ y_gis: 'east' }),
    status: 400,
  },
  {
    name: 'profile with a blank name',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: multipart({ name: '   ' }),
    status: 400,
  },
  {
    name: 'profile with a mismatched form id',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: multipart({ id: '999', name: 'N' }),
    status: 400,
  },
  {
    name: 'profile with a non-image logo',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: multipart(
      {},
      { field: 'logo', name: 'a.png', type: 'image/png', data: Buffer.from('%PDF-1.4') },
    ),
    status: 400,
  },
  {
    name: 'profile with an oversized logo',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: multipart(
      {},
      {
        field: 'logo',
        name: 'a.png',
        type: 'image/png',
        data: Buffer.concat([PNG, Buffer.alloc(2_200_000)]),
      },
    ),
    status: 413,
  },
  {
    name: 'status with an unknown value',
    method: 'POST',
    url: '/shops/change-shop-status/',
    who: 'admin',
    payload: { shop: 1, new_status: 'banned' },
    status: 400,
  },
  {
    name: 'status with a text shop',
    method: 'POST',
    url: '/shops/change-shop-status/',
    who: 'admin',
    payload: { shop: 'one', new_status: 'active' },
    status: 400,
  },
  {
    name: 'status without body',
    method: 'POST',
    url: '/shops/change-shop-status/',
    who: 'admin',
    status: 400,
  },
  {
    name: 'password too short',
    method: 'POST',
    url: '/shops/change-password/',
    who: 'admin',
    payload: { shop: 1, new_password: 'abc' },
    status: 400,
  },
  {
    name: 'password only spaces',
    method: 'POST',
    url: '/shops/change-password/',
    who: 'admin',
    payload: { shop: 1, new_password: '          ' },
    status: 400,
  },
  {
    name: 'password too long',
    method: 'POST',
    url: '/shops/change-password/',
    who: 'admin',
    payload: { shop: 1, new_password: long },
    status: 400,
  },
  // requests
  {
    name: 'request with an empty list',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [] },
    status: 400,
  },
  {
    name: 'request without containers',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: {},
    status: 400,
  },
  {
    name: 'request with an unknown type',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [{ container_type: 'vase', count: 1 }] },
    status: 400,
  },
  {
    name: 'request with a duplicate type',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: {
      containers: [
        { container_type: 'cup', count: 1 },
        { container_type: 'cup', count: 2 },
      ],
    },
    status: 400,
  },
  {
    name: 'request with count 0',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [{ container_type: 'cup', count: 0 }] },
    status: 400,
  },
  {
    name: 'request with count 100',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [{ container_type: 'cup', count: 100 }] },
    status: 400,
  },
  {
    name: 'request with a negative count',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [{ container_type: 'cup', count: -3 }] },
    status: 400,
  },
  {
    name: 'request with a fractional count',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [{ container_type: 'cup', count: 1.5 }] },
    status: 400,
  },
  {
    name: 'request with a huge type',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    payload: { containers: [{ container_type: long, count: 1 }] },
    status: 400,
  },
  {
    name: 'request list with an unknown status',
    method: 'GET',
    url: '/pack/container-requests/?status=LOST',
    who: 'admin',
    status: 400,
  },
  {
    name: 'request list with a text shop',
    method: 'GET',
    url: '/pack/container-requests/?shop=abc',
    who: 'admin',
    status: 400,
  },
  {
    name: 'decision with approved null',
    method: 'POST',
    url: () => `/pack/containers/${requestId}/approve_or_deny/`,
    who: 'admin',
    payload: { approved: null, reason: 'admin' },
    status: 400,
  },
  {
    name: 'decision with approved "yes"',
    method: 'POST',
    url: () => `/pack/containers/${requestId}/approve_or_deny/`,
    who: 'admin',
    payload: { approved: 'yes', reason: 'admin' },
    status: 400,
  },
  {
    name: 'decision without approved',
    method: 'POST',
    url: () => `/pack/containers/${requestId}/approve_or_deny/`,
    who: 'admin',
    payload: { reason: 'admin' },
    status: 400,
  },
  {
    name: 'decision with a text id',
    method: 'POST',
    url: '/pack/containers/abc/approve_or_deny/',
    who: 'admin',
    payload: { approved: true, reason: 'admin' },
    status: 400,
  },
  {
    name: 'decision with a negative id',
    method: 'POST',
    url: '/pack/containers/-1/approve_or_deny/',
    who: 'admin',
    payload: { approved: true, reason: 'admin' },
    status: 400,
  },
  // generate
  {
    name: 'generate 0',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    payload: { country: 'France', type: 'cup', count: 0 },
    status: 400,
  },
  {
    name: 'generate 10,001',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    payload: { country: 'France', type: 'cup', count: 10_001 },
    status: 400,
  },
  {
    name: 'generate a text count',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    payload: { country: 'France', type: 'cup', count: 'many' },
    status: 400,
  },
  {
    name: 'generate without country',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    payload: { type: 'cup', count: 1 },
    status: 400,
  },
  {
    name: 'generate an unknown type',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    payload: { country: 'France', type: 'vase', count: 1 },
    status: 400,
  },
  // lend / return
  {
    name: 'lend without codes',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { client: 'Zoe' },
    status: 400,
  },
  {
    name: 'lend with an empty code list',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { codes: [], client: 'Zoe' },
    status: 400,
  },
  {
    name: 'lend with the same code twice',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { codes: ['a', 'a'], client: 'Zoe' },
    status: 400,
  },
  {
    name: 'lend without client',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { codes: ['a'] },
    status: 400,
  },
  {
    name: 'lend with a blank client',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { codes: ['a'], client: '   ' },
    status: 400,
  },
  {
    name: 'lend with a bad due date',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { codes: ['a'], client: 'Zoe', due_date: '31/01/2030' },
    status: 400,
  },
  {
    name: 'lend with 201 codes',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    payload: { codes: Array.from({ length: 201 }, (_, i) => `c${i}`), client: 'Zoe' },
    status: 400,
  },
  {
    name: 'return with a number code',
    method: 'POST',
    url: '/pack/containers/return/',
    who: 'shop',
    payload: { codes: [{}] },
    status: 400,
  },
  {
    name: 'return without codes',
    method: 'POST',
    url: '/pack/containers/return/',
    who: 'shop',
    payload: {},
    status: 400,
  },
  // lists
  {
    name: 'loans with limit 10001',
    method: 'GET',
    url: '/pack/containers/loans/?limit=10001',
    who: 'shop',
    status: 400,
  },
  {
    name: 'returns with a fractional offset',
    method: 'GET',
    url: '/pack/containers/returns/?offset=1.5',
    who: 'shop',
    status: 400,
  },
  // media
  {
    name: 'media with a path traversal',
    method: 'GET',
    url: '/../media/..%2F..%2Fetc%2Fpasswd',
    who: 'none',
    status: 400,
  },
];

describe.each(cases)('$name', (c) => {
  it(`answers ${c.status} with an error and changes nothing`, async () => {
    const before = await snapshot();
    const token =
      c.who === 'admin' ? ctx.admin.token : c.who === 'shop' ? ctx.shopA.token : undefined;
    const path = typeof c.url === 'function' ? c.url() : c.url;
    const url = path.startsWith('/..') ? path.slice(3) : `/api/v0${path}`;
    const res = await ctx.call({
      method: c.method,
      url,
      token,
      ...(c.form ?? {}),
      ...(c.raw ? { payload: c.raw.body, headers: { 'content-type': c.raw.type } } : {}),
      ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: c.status,
      body: expect.objectContaining({ error: expect.any(String) }),
    });
    expect(await snapshot()).toBe(before);
  });
});
