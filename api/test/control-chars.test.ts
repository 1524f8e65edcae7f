import { addStock, createTestContext, multipart, type TestContext } from './helpers';

/**
 * Control characters (U+0000–U+001F, U+007F) in any text the API reads are a
 * 400 with `{error}`, never a 500: PostgreSQL refuses NUL in text, and no
 * field of the panel is multi-line, so none is allowed anywhere (JSON bodies,
 * multipart fields, query strings, path parameters).
 */
let ctx: TestContext;
let requestId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
  const created = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container',
    token: ctx.shopA.token,
    payload: { containers: [{ container_type: 'cup', count: 1 }] },
  });
  requestId = created.json().id;
});
afterAll(() => ctx.close());

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of [
    'admins',
    'shops',
    'containers',
    'loans',
    'loan_items',
    'container_requests',
    'request_items',
    'reset_codes',
  ] as const) {
    parts.push(await ctx.db.selectFrom(table).selectAll().execute());
  }
  return JSON.stringify(parts);
}

type Who = 'admin' | 'shop' | 'none';
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Path under /api/v0; `{C}` stands for the control character (URL-encoded there). */
  url: string | (() => string);
  who: Who;
  /** A JSON body (or multipart fields) built around the control character. */
  json?: (c: string) => unknown;
  form?: (c: string) => Record<string, string>;
  /** Characters a case cannot carry (a raw CR or LF ends a multipart header line). */
  skip?: string[];
}

const cases: Case[] = [
  {
    name: 'login e-mail',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    json: (c) => ({ email: `a${c}@test.dev`, password: 'password123' }),
  },
  {
    name: 'login password',
    method: 'POST',
    url: '/shops/login/',
    who: 'none',
    json: (c) => ({ email: 'a@test.dev', password: `pass${c}word123` }),
  },
  {
    name: 'forget e-mail',
    method: 'POST',
    url: '/shops/forget-password/',
    who: 'none',
    json: (c) => ({ email: `a@test.dev${c}` }),
  },
  {
    name: 'reset e-mail',
    method: 'POST',
    url: '/shops/reset-password/',
    who: 'none',
    json: (c) => ({ email: `${c}a@test.dev`, reset_code: '123456', new_password: 'long-enough' }),
  },
  {
    name: 'reset password',
    method: 'POST',
    url: '/shops/reset-password/',
    who: 'none',
    json: (c) => ({ email: 'a@test.dev', reset_code: '123456', new_password: `long${c}enough` }),
  },
  {
    name: 'register e-mail',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    form: (c) => ({ name: 'New', email: `new${c}@test.dev`, phone: '12345' }),
  },
  {
    name: 'register name',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    form: (c) => ({ name: `New${c}Shop`, email: 'new@test.dev', phone: '12345' }),
  },
  {
    name: 'register name as JSON',
    method: 'POST',
    url: '/shops/register/',
    who: 'none',
    json: (c) => ({ name: `New${c}Shop`, email: 'new@test.dev', phone: '12345' }),
  },
  {
    name: 'profile name',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: (c) => ({ name: `Renamed${c}` }),
  },
  {
    name: 'profile e-mail (super admin)',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopB.id}/`,
    who: 'admin',
    form: (c) => ({ email: `b${c}@test.dev` }),
  },
  {
    name: 'profile field name',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}/`,
    who: 'shop',
    form: (c) => ({ [`na${c}me`]: 'Renamed' }),
    skip: ['\n', '\r'],
  },
  {
    name: 'change-password password',
    method: 'POST',
    url: '/shops/change-password/',
    who: 'admin',
    json: (c) => ({ shop: ctx.shopA.id, new_password: `new-pass${c}word` }),
  },
  {
    name: 'generate_codes country',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    json: (c) => ({ country: `France${c}`, type: 'cup', count: 1 }),
  },
  {
    name: 'generate_codes type',
    method: 'POST',
    url: '/pack/containers/generate_codes/',
    who: 'admin',
    json: (c) => ({ country: 'France', type: `cup${c}`, count: 1 }),
  },
  {
    name: 'request_container type',
    method: 'POST',
    url: '/pack/containers/request_container/',
    who: 'shop',
    json: (c) => ({ containers: [{ container_type: `cup${c}`, count: 1 }] }),
  },
  {
    name: 'approve_or_deny reason',
    method: 'POST',
    url: () => `/pack/containers/${requestId}/approve_or_deny/`,
    who: 'admin',
    json: (c) => ({ approved: false, reason: `no${c}` }),
  },
  {
    name: 'lend code',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    json: (c) => ({ codes: [`code${c}`], client: 'Zoe' }),
  },
  {
    name: 'lend client',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    json: (c) => ({ codes: ['code'], client: `Zo${c}e` }),
  },
  {
    name: 'lend due date',
    method: 'POST',
    url: '/pack/containers/lend/',
    who: 'shop',
    json: (c) => ({ codes: ['code'], client: 'Zoe', due_date: `2030-01-01${c}` }),
  },
  {
    name: 'return code',
    method: 'POST',
    url: '/pack/containers/return/',
    who: 'shop',
    json: (c) => ({ codes: [`${c}code`] }),
  },
  {
    name: 'a JSON key',
    method: 'POST',
    url: '/pack/containers/return/',
    who: 'shop',
    json: (c) => ({ codes: ['code'], [`x${c}`]: 1 }),
  },
  {
    name: 'request list status query',
    method: 'GET',
    url: '/pack/container-requests/?status=PENDING{C}',
    who: 'admin',
  },
  {
    name: 'request list shop query',
    method: 'GET',
    url: '/pack/container-requests/?shop={C}1',
    who: 'admin',
  },
  { name: 'shop list limit query', method: 'GET', url: '/shops/shop/?limit=1{C}', who: 'admin' },
  {
    name: 'an unknown query parameter',
    method: 'GET',
    url: '/shops/shop/info?note=a{C}b',
    who: 'shop',
  },
  {
    name: 'loans offset query',
    method: 'GET',
    url: '/pack/containers/loans/?offset={C}',
    who: 'shop',
  },
  {
    name: 'profile id parameter',
    method: 'PUT',
    url: () => `/shops/shop/${ctx.shopA.id}{C}/`,
    who: 'shop',
    form: () => ({ name: 'Renamed' }),
  },
  {
    name: 'decision id parameter',
    method: 'POST',
    url: () => `/pack/containers/${requestId}{C}/approve_or_deny/`,
    who: 'admin',
    json: () => ({ approved: false }),
  },
];

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f'];

describe.each(cases)('$name', (c) => {
  const controls = CONTROLS.filter((ch) => !c.skip?.includes(ch));
  it.each(controls.map((ch) => [`U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`, ch]))(
    'with %s answers 400 with an error and changes nothing',
    async (_label, ch) => {
      const before = await snapshot();
      const token =
        c.who === 'admin' ? ctx.admin.token : c.who === 'shop' ? ctx.shopA.token : undefined;
      const path = typeof c.url === 'function' ? c.url() : c.url;
      const url = `/api/v0${path.replace('{C}', encodeURIComponent(ch))}`;
      const body = c.form ? multipart(c.form(ch)) : c.json ? { payload: c.json(ch) as object } : {};
      const res = await ctx.call({ method: c.method, url, token, ...body });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: expect.objectContaining({ error: expect.any(String) }),
      });
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('text without control characters', () => {
  it('still accepts ordinary unicode', async () => {
    const res = await ctx.call({
      method: 'PUT',
      url: `/api/v0/shops/shop/${ctx.shopA.id}/`,
      token: ctx.shopA.token,
      ...multipart({ name: 'Café Ünïcødé 🍵' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Café Ünïcødé 🍵');
  });
});
