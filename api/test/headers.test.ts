import { gunzipSync } from 'node:zlib';

import { createTestContext, type TestContext } from './helpers';

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
