import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { addStock, createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/v0/shops/shop/info'],
    ['an error', '/api/v0/nowhere'],
    ['the docs page', '/api/docs'],
  ])('are sent on %s', async (_what, url) => {
    const res = await ctx.call({ method: 'GET', url, token: ctx.shopA.token });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = directives(res.headers['content-security-policy'] as string | undefined);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('keep the docs page working: its scripts and styles come from the API itself', async () => {
    const page = await ctx.call({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const res = await ctx.call({
        method: 'GET',
        url: new URL(src, 'http://api/api/docs').pathname,
      });
      expect(res.statusCode).toBe(200);
    }
    const json = await ctx.call({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
  });
});

describe('compression', () => {
  it('gzips an answer when the client accepts it', async () => {
    const res = await ctx.call({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const doc = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(doc.openapi).toMatch(/^3\./);
  });

  it('sends plain bytes to a client that does not accept compression', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

/** A GET over real HTTP with the given Accept-Encoding: status, headers and the raw body. */
async function fetchRaw(port: number, url: string, token: string, encoding: string) {
  const request = http.get({
    host: '127.0.0.1',
    port,
    path: url,
    headers: { authorization: `JWT ${token}`, 'accept-encoding': encoding },
  });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) };
}

describe('compression of lists, direct and through the shell proxy', () => {
  let apiPort = 0;
  let proxyPort = 0;
  let proxy: ReturnType<typeof spawn> | null = null;
  beforeAll(async () => {
    const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 40);
    for (const code of codes) {
      await ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/lend',
        payload: { codes: [code], client: 'a client with a long enough name' },
        token: ctx.shopA.token,
      });
    }
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    apiPort = (ctx.app.server.address() as AddressInfo).port;
    // The shell's /api proxy (panel-server/src/serving/static-server.ts) in a process of its own.
    const module = path.resolve(__dirname, '../../panel-server/src/serving/static-server.ts');
    proxy = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const http = require('node:http');
         const { proxyTo } = require(${JSON.stringify(module)});
         const server = http.createServer(proxyTo(${apiPort}));
         server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [line] = (await once(createInterface({ input: proxy.stdout! }), 'line')) as [string];
    proxyPort = Number(line);
  });
  afterAll(() => {
    proxy?.kill();
  });

  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const)(
    'sends a streamed list as %s, directly and through the proxy',
    async (encoding, unzip) => {
      for (const port of [apiPort, proxyPort]) {
        const res = await fetchRaw(
          port,
          '/api/v0/pack/containers/loans/',
          ctx.shopA.token,
          encoding,
        );
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['x-total-count']).toBe('40');
        const loans = JSON.parse(unzip(res.body).toString('utf8')) as unknown[];
        expect(loans).toHaveLength(40);
        expect(res.body.length).toBeLessThan(JSON.stringify(loans).length / 3);
      }
    },
  );

  it('sends plain JSON through the proxy to a client that does not accept compression', async () => {
    const res = await fetchRaw(
      proxyPort,
      '/api/v0/pack/containers/loans/?limit=40',
      ctx.shopA.token,
      'identity',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toHaveLength(40);
  });
});
