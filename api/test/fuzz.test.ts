import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';

import { signToken } from '../src/lib/jwt';
import { hashSecret } from '../src/lib/passwords';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { JWT_SECRET, addStock, createTestContext, type TestContext } from './helpers';

/**
 * A seeded fuzzer over the OpenAPI document: every generated request is a
 * plausible call of one operation with at least one defect that makes it
 * invalid whoever sends it (a bad token, a schema violation, a control
 * character, a broken body or content type), plus random noise (unicode,
 * extra fields, odd headers). Every answer must be a 4xx JSON `{error}`,
 * and no table may change except the bookkeeping bad requests may write.
 *
 * FUZZ_RUNS (default 2,000) and FUZZ_SEED pick the run; a failure names the
 * seed and the request number, so it replays exactly.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 2000);
const SEED = Number(process.env.FUZZ_SEED || 20250601);
const BATCH = 100;

/** What bad requests may legitimately write: rate-limit counters and wrong reset tries. */
const BOOKKEEPING: Record<string, 'table' | string[]> = {
  rate_limits: 'table',
  reset_codes: ['tries'],
};

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  format?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  isPublic: boolean;
  params: Parameter[];
  body: { kind: 'json' | 'multipart'; schema: Schema } | null;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A request being built: mutated freely, then turned into app.inject options. */
interface Draft {
  op: Operation;
  path: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, Json>;
  /** How the body travels; 'raw' sends `raw` as is. */
  mode: 'json' | 'multipart' | 'raw' | 'none';
  raw?: { payload: string | Buffer; type: string };
  file?: Buffer;
  token?: string;
  headers: Record<string, string>;
  defects: string[];
}

/** mulberry32: a tiny seeded PRNG, so the whole run is reproducible from SEED. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(SEED);
const int = (n: number) => Math.floor(random() * n);
function pick<T>(items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[int(items.length)] as T;
}

// Seeded fast-check samples: printable and arbitrary unicode, and odd JSON values.
const UNICODE = fc.sample(fc.string({ unit: 'grapheme', maxLength: 30 }), {
  seed: SEED,
  numRuns: 200,
});
const ODD_JSON = fc
  .sample(fc.jsonValue({ maxDepth: 3 }), { seed: SEED + 1, numRuns: 200 })
  .map((v) => v as Json);
const CONTROL = ['\u0000', '\u0001', '\u0007', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f'];
const NOISE_STRINGS = [
  '',
  ' ',
  'é',
  '\u202e',
  '\u200b',
  '\ufeff',
  '𝕏🍵',
  '\ud800',
  "' OR 1=1 --",
  '"; DROP TABLE shops; --',
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  'x'.repeat(2000),
];

let ctx: TestContext;
let operations: Operation[] = [];
const known: Record<string, Json> = {};
const tokens = { shop: '', admin: '' };
let badTokens: Array<[string, string | undefined]> = [];

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function isType(schema: Schema, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** A value the schema accepts, preferring real data of shop A for names the API knows. */
function example(name: string, schema: Schema): Json {
  if (name in known) return known[name] as Json;
  if (schema.enum) return schema.enum[0] as Json;
  if (isType(schema, 'integer') || isType(schema, 'number')) return schema.minimum ?? 1;
  if (isType(schema, 'boolean')) return false;
  if (isType(schema, 'array')) return schema.items ? [example(`${name}[]`, schema.items)] : [];
  if (isType(schema, 'object')) {
    const out: Record<string, Json> = {};
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      out[key] = example(key, child);
    }
    return out;
  }
  if (schema.format === 'email') return 'fuzz@test.dev';
  if (schema.format === 'date') return '2030-01-01';
  return 'fuzz'.padEnd(schema.minLength ?? 1, 'z');
}

/** Values that break a schema whatever Ajv's coercion does (single-item arrays and null would coerce). */
function violations(schema: Schema): Json[] {
  const out: Json[] = [{ not: 'this' }];
  const control = `a${pick(CONTROL)}b`;
  if (schema.enum) out.push('NOT_A_CHOICE', control);
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    out.push('abc', [1, 2], '1e', control);
    if (schema.minimum !== undefined) out.push(schema.minimum - 1, -1e12);
    if (schema.maximum !== undefined) out.push(schema.maximum + 1, 1e300);
    if (isType(schema, 'integer')) out.push(1.5);
  } else if (isType(schema, 'string')) {
    out.push(['a', 'b'], control);
    if (schema.maxLength !== undefined) out.push('y'.repeat(schema.maxLength + 1 + int(500)));
    if ((schema.minLength ?? 0) >= 1) out.push('');
    if (schema.pattern) out.push('no-match');
    if (schema.format === 'email') out.push('not-an-email', '@', 'a@b');
    if (schema.format === 'date') out.push('31/01/2030', '2030-13-45', 'tomorrow');
  } else if (isType(schema, 'array')) {
    if ((schema.minItems ?? 0) >= 1) out.push([]);
    if (schema.maxItems !== undefined) {
      out.push(Array.from({ length: schema.maxItems + 1 }, (_, i) => `c${i}`));
    }
    if (schema.items) {
      const item = example('item', schema.items);
      if (schema.uniqueItems) out.push([item, item]);
      out.push([pick(violations(schema.items))]);
    }
  } else if (isType(schema, 'boolean') || (schema.enum && schema.enum.includes(true))) {
    out.push('yes');
  }
  return out;
}

/** Multipart text fields are strings: only string-shaped defects survive that encoding. */
function multipartSafe(value: Json): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function setDeep(body: Record<string, Json>, schema: Schema, defects: string[]): void {
  const keys = Object.keys(schema.properties ?? {});
  if (keys.length === 0) return;
  const key = pick(keys);
  const child = (schema.properties ?? {})[key] as Schema;
  // Descend into arrays of objects (request_container's items) now and then.
  if (isType(child, 'array') && child.items && isType(child.items, 'object') && random() < 0.5) {
    const item = example(key, child.items) as Record<string, Json>;
    setDeep(item, child.items, defects);
    body[key] = [item];
    return;
  }
  if (child.format === 'binary') {
    body[key] = { not: 'a file' };
    defects.push(`${key}: not a file`);
    return;
  }
  const value = pick(violations(child));
  body[key] = value;
  defects.push(`${key} = ${JSON.stringify(value).slice(0, 60)}`);
}

/** The defects one operation admits; each alone makes the request fail for any caller. */
function defectsFor(op: Operation): Array<(d: Draft) => void> {
  const list: Array<(d: Draft) => void> = [];
  if (!op.isPublic) {
    list.push((d) => {
      const [label, token] = pick(badTokens);
      d.token = token;
      if (label === 'basic scheme') d.headers.authorization = 'Basic YTpi';
      d.defects.push(`token: ${label}`);
    });
  }
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathParams = op.params.filter((p) => p.in === 'path');
  for (const p of queryParams) {
    list.push((d) => {
      const value = pick(violations(p.schema).filter(multipartSafe));
      d.query[p.name] = String(value);
      d.defects.push(`?${p.name}=${String(value).slice(0, 40)}`);
    });
  }
  for (const p of pathParams) {
    list.push((d) => {
      const value = pick(['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '1e3']);
      d.path[p.name] = value;
      d.defects.push(`{${p.name}} = ${value}`);
    });
  }
  // Any query parameter, known or not, holding a control character.
  list.push((d) => {
    d.query[pick(['q', 'shop', 'limit', 'note'])] = `x${pick(CONTROL)}`;
    d.defects.push('control character in the query');
  });
  const body = op.body;
  if (body) {
    const required = body.schema.required ?? [];
    if (required.length > 0) {
      list.push((d) => {
        const key = pick(required);
        delete d.body[key];
        d.defects.push(`missing ${key}`);
      });
    }
    list.push((d) => setDeep(d.body, body.schema, d.defects));
    list.push((d) => {
      const kind = pick(['array', 'string', 'number', 'broken', 'xml', 'text', 'huge'] as const);
      d.mode = 'raw';
      const payloads = {
        array: { payload: '[1,2,3]', type: 'application/json' },
        string: { payload: '"just text"', type: 'application/json' },
        number: { payload: '42', type: 'application/json' },
        broken: {
          payload: pick(['{"a":', '{', '{"a":1,}', "{'a':1}", '\u0000']),
          type: 'application/json',
        },
        xml: { payload: '<shop><name>x</name></shop>', type: 'application/xml' },
        text: { payload: 'name=x&email=y', type: 'text/plain' },
        huge: {
          payload: JSON.stringify({ ...d.body, pad: 'z'.repeat(300_000) }),
          type: 'application/json',
        },
      };
      d.raw = payloads[kind];
      d.defects.push(`body: ${kind}`);
    });
    if (body.kind === 'multipart') {
      list.push((d) => {
        d.mode = 'raw';
        const boundary = 'fuzzboundary';
        const kind = pick(['truncated', 'no boundary', 'garbage'] as const);
        const start = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nFuzz`;
        d.raw =
          kind === 'truncated'
            ? { payload: start, type: `multipart/form-data; boundary=${boundary}` }
            : kind === 'no boundary'
              ? { payload: `${start}\r\n--${boundary}--\r\n`, type: 'multipart/form-data' }
              : {
                  payload: Buffer.from([0, 1, 2, 255, 254, 13, 10, 45, 45]),
                  type: `multipart/form-data; boundary=${boundary}`,
                };
        d.defects.push(`multipart: ${kind}`);
      });
      list.push((d) => {
        d.mode = 'multipart';
        // The file is the defect: drop noise a multipart body cannot carry rather than the file.
        for (const [key, value] of Object.entries(d.body)) {
          if (!multipartSafe(value)) delete d.body[key];
        }
        d.file = pick([
          Buffer.from('%PDF-1.4 not an image'),
          Buffer.from('GIF8'),
          Buffer.from('<svg onload="alert(1)"/>'),
        ]);
        d.defects.push('logo: not an image');
      });
    }
  }
  return list;
}

/** Harmless changes on top of a defect: they never make a bad request good. */
function addNoise(d: Draft): void {
  const noise = int(4);
  for (let i = 0; i < noise; i++) {
    switch (int(5)) {
      case 0:
        d.body[pick(['extra', 'is_admin', 'shop_id', '__proto__x', pick(UNICODE) || 'k'])] =
          pick(ODD_JSON);
        break;
      case 1:
        d.query[pick(['extra', 'debug', 'admin'])] = pick(NOISE_STRINGS).slice(0, 200) || 'x';
        break;
      case 2:
        d.headers[pick(['accept', 'x-forwarded-for', 'accept-language', 'x-requested-with'])] =
          pick(['*/*', 'text/html', '127.0.0.1', 'fr', 'XMLHttpRequest']);
        break;
      case 3: {
        const props = Object.keys(d.op.body?.schema.properties ?? {});
        if (props.length > 0) {
          const key = pick(props);
          if (typeof d.body[key] === 'string') d.body[key] = pick([...UNICODE, ...NOISE_STRINGS]);
        }
        break;
      }
      default:
        d.headers['user-agent'] = pick(UNICODE).replace(/[^\x20-\x7e]/g, '') || 'fuzz';
    }
  }
}

function generate(): Draft {
  const op = pick(operations);
  const body = op.body ? (example('body', op.body.schema) as Record<string, Json>) : {};
  const path: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'path')) {
    path[p.name] = String(example(p.name, p.schema));
  }
  const draft: Draft = {
    op,
    path,
    query: {},
    body,
    mode: op.body ? op.body.kind : 'none',
    token: op.isPublic ? undefined : pick([tokens.shop, tokens.admin]),
    headers: {},
    defects: [],
  };
  addNoise(draft);
  // Defects last, so noise never overwrites one; sometimes two at once.
  const defects = defectsFor(op);
  pick(defects)(draft);
  if (random() < 0.25) pick(defects)(draft);
  // A multipart body cannot carry objects or arrays: send those as JSON instead.
  if (draft.mode === 'multipart' && !Object.values(draft.body).every(multipartSafe)) {
    draft.mode = 'json';
    draft.file = undefined;
  }
  return draft;
}

function multipartBody(
  fields: Record<string, string>,
  file?: Buffer,
): { payload: Buffer; type: string } {
  const boundary = `----fuzz${int(1e9)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    // As browsers do: a quote or line break in a field name would end the part header.
    const key = name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

function toInject(d: Draft) {
  const path = d.op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(d.path[name] ?? ''),
  );
  const query = new URLSearchParams(d.query).toString();
  const headers: Record<string, string> = { ...d.headers };
  if (d.token !== undefined && !headers.authorization) headers.authorization = `JWT ${d.token}`;
  let payload: string | Buffer | undefined;
  if (d.mode === 'raw' && d.raw) {
    payload = d.raw.payload;
    headers['content-type'] = d.raw.type;
  } else if (d.mode === 'json') {
    payload = JSON.stringify(d.body);
    headers['content-type'] = 'application/json';
  } else if (d.mode === 'multipart') {
    const fields = Object.fromEntries(Object.entries(d.body).map(([k, v]) => [k, String(v)]));
    const form = multipartBody(fields, d.file);
    payload = form.payload;
    headers['content-type'] = form.type;
  }
  return {
    method: d.op.method as 'GET' | 'POST' | 'PUT',
    url: `${path}${query ? `?${query}` : ''}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** Paths that answer a stream (the live events): their answer is read for at most a second. */
const STREAMS = new Set(['/api/v0/events']);

/** The answer, its body read; an open stream (a missed refusal) is cut off and shows as such. */
async function answerOf(request: ReturnType<typeof toInject>) {
  if (!STREAMS.has(request.url.split('?')[0] ?? '')) return ctx.app.inject(request);
  const res = await ctx.app.inject({ ...request, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    stream.on('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  stream.destroy();
  return { statusCode: res.statusCode, headers: res.headers, body };
}

/** The `error` field of a JSON answer, or undefined when the body is not JSON. */
function errorOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: unknown } | null)?.error;
  } catch {
    return undefined;
  }
}

/** Row count and a hash of each table's rows (order-free), bookkeeping columns left out. */
async function snapshot(): Promise<Record<string, string>> {
  const names =
    ctx.kind === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(
          ctx.db,
        )
      : await sql<{
          name: string;
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(
          ctx.db,
        );
  const out: Record<string, string> = {};
  for (const { name } of names.rows) {
    const skip = BOOKKEEPING[name];
    if (skip === 'table') continue;
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(
      ctx.db,
    );
    const lines = rows.rows
      .map((row) => {
        const kept = { ...row };
        for (const column of skip ?? []) delete kept[column];
        return JSON.stringify(kept);
      })
      .sort();
    out[name] =
      `${lines.length} rows, ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 3);
  const created = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container/',
    token: ctx.shopA.token,
    payload: { containers: [{ container_type: 'cup', count: 1 }] },
  });
  const lent = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/lend/',
    token: ctx.shopA.token,
    payload: { codes: [codes[2]], client: 'Zoe' },
  });
  expect([created.statusCode, lent.statusCode]).toEqual([201, 201]);
  Object.assign(known, {
    id: String(created.json().id),
    email: ctx.shopA.email,
    password: 'not-the-password',
    new_password: 'long-enough-1',
    reset_code: '123456',
    shop: ctx.shopA.id,
    new_status: 'inactive',
    approved: false,
    reason: 'fuzz',
    codes: codes.slice(0, 2),
    client: 'Zoe',
    due_date: '2030-01-01',
    country: 'France',
    type: 'cup',
    container_type: 'cup',
    count: 1,
    name: 'Fuzz',
    phone: '12345',
    x_gis: 1,
    y_gis: 2,
  });
  tokens.shop = ctx.shopA.token;
  tokens.admin = ctx.admin.token;
  const revoked = await insertShop(ctx.db, systemAudit(), {
    name: 'Revoked',
    email: 'revoked@test.dev',
    phone: '12345',
    logo: null,
    created_date: '2025-01-05T00:00:00.000Z',
    status: 'active',
    x_gis: null,
    y_gis: null,
    password_hash: await hashSecret('old-password'),
  });
  const revokedToken = signToken({ kind: 'shop', id: revoked.id, ver: 0 }, JWT_SECRET);
  const changed = await ctx.call({
    method: 'POST',
    url: '/api/v0/shops/change-password/',
    token: ctx.admin.token,
    payload: { shop: revoked.id, new_password: 'a-new-password' },
  });
  expect(changed.statusCode).toBe(200);
  const now = Math.floor(Date.now() / 1000);
  badTokens = [
    ['none', undefined],
    ['garbage', 'garbage'],
    ['empty', ''],
    ['basic scheme', undefined],
    ['huge', 'x'.repeat(8000)],
    ['unicode', 'ä.ö.ü'],
    [
      'expired',
      signToken(
        { kind: 'admin', id: ctx.admin.id, ver: 0 },
        JWT_SECRET,
        Date.now() - 8 * 24 * 3600e3,
      ),
    ],
    [
      'alg none',
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ kind: 'admin', id: ctx.admin.id, ver: 0, iat: now, exp: now + 3600 })}.`,
    ],
    ['wrong secret', signToken({ kind: 'admin', id: ctx.admin.id, ver: 0 }, 'wrong-secret')],
    ['revoked', revokedToken],
    ['inactive shop', signToken({ kind: 'shop', id: ctx.inactive.id, ver: 0 }, JWT_SECRET)],
    ['unknown account', signToken({ kind: 'admin', id: 999_999, ver: 0 }, JWT_SECRET)],
    [
      'string id',
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ kind: 'shop', id: '1', ver: 0, exp: now + 60 })}.x`,
    ],
  ];

  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenApi;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => {
      const content = spec.requestBody?.content ?? {};
      const json = content['application/json'];
      const form = content['multipart/form-data'];
      return {
        method: method.toUpperCase(),
        path,
        isPublic: Array.isArray(spec.security) && spec.security.length === 0,
        params: spec.parameters ?? [],
        body: json
          ? { kind: 'json' as const, schema: json.schema }
          : form
            ? { kind: 'multipart' as const, schema: form.schema }
            : null,
      };
    }),
  );
  expect(operations.length).toBeGreaterThan(20);
});
afterAll(() => ctx.close());

let sent = 0;
const batches = Array.from({ length: Math.ceil(RUNS / BATCH) }, (_, i) => i);

describe(`fuzz: ${RUNS} bad requests, seed ${SEED}`, () => {
  it.each(batches)(
    'batch %i: every answer is a 4xx JSON error and no table changes',
    async (batch) => {
      const before = await snapshot();
      const failures: string[] = [];
      const count = Math.min(BATCH, RUNS - batch * BATCH);
      for (let i = 0; i < count; i++) {
        const n = batch * BATCH + i;
        const draft = generate();
        const request = toInject(draft);
        const res = await answerOf(request);
        sent++;
        const error = errorOf(res.body);
        const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
        if (res.statusCode < 400 || res.statusCode >= 500 || !json || typeof error !== 'string') {
          failures.push(
            `#${n} (seed ${SEED}) ${request.method} ${request.url.slice(0, 120)} [${draft.defects.join('; ')}] → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('sent every request', () => {
    console.log(`fuzz: ${sent} bad requests on ${ctx.kind} (seed ${SEED})`);
    expect(sent).toBe(RUNS);
  });
});
