// The panel's real shell and remote servers, attacked and checked over HTTP:
// no URL ever reaches a file outside the served folders, and the cache,
// compression, CORS and security headers are what ARCHITECTURE.md says.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import zlib from 'node:zlib';

import { verifyViewTicket } from '../../../../api/src/lib/view-tickets';

const SECRET = `secret-${randomBytes(12).toString('hex')}`;
const PANEL_ORIGIN = 'http://panel.test:4990';
const REMOTE_ORIGIN = 'http://panel.test:4995'; // mfe-qr is the panel's port + 5
const VERSION = '7.7.7';
const CHUNK = 'page.0123456789.js';
const CHUNK_TEXT = `export const page = ${JSON.stringify('x'.repeat(4000))};\n`;
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>\n';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true });

/** A request with the path exactly as written: fetch() and new URL() would normalise `..` and `%2e`. */
function get(
  port: number,
  rawPath: string,
  headers: http.OutgoingHttpHeaders = {},
  method = 'GET',
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: rawPath, method, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A file plus the .br and .gz the build writes next to it. */
function writePrecompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

let tmp: string;
let servers: ChildProcess;
let ports: { shell: number; remote: number };

beforeAll(async () => {
  // tmp/secret.txt and tmp/data/jwt-secret lie outside both served folders,
  // at every depth the attacks climb to.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'panel-static-'));
  const shellDir = path.join(tmp, 'shell');
  const versionDir = path.join(tmp, 'deploy', 'mfe-qr', VERSION);
  mkdirSync(shellDir, { recursive: true });
  mkdirSync(versionDir, { recursive: true });
  mkdirSync(path.join(tmp, 'data'));
  for (const dir of [tmp, path.join(tmp, 'deploy'), path.join(tmp, 'deploy', 'mfe-qr')]) {
    writeFileSync(path.join(dir, 'secret.txt'), SECRET);
  }
  writeFileSync(path.join(tmp, 'data', 'jwt-secret'), SECRET);
  writeFileSync(path.join(shellDir, 'index.html'), INDEX_HTML);
  writePrecompressed(path.join(shellDir, CHUNK), CHUNK_TEXT);
  // mfe-qr serves VERSION to everyone; its canary is released but given to nobody yet.
  writeFileSync(
    path.join(tmp, 'deploy', 'releases.json'),
    JSON.stringify({ 'mfe-qr': { stable: VERSION, canary: { version: '7.7.8', percent: 0 } } }),
  );
  writeFileSync(path.join(versionDir, 'mf-manifest.json'), '{"name":"mfe_qr"}');
  writeFileSync(path.join(versionDir, 'remoteEntry.js'), 'var mfe_qr;\n');
  writePrecompressed(path.join(versionDir, CHUNK), CHUNK_TEXT);

  servers = spawn('node', ['--import', 'tsx', path.join(__dirname, 'start-servers.ts'), shellDir], {
    env: {
      ...process.env,
      PANEL_PORT: '4990',
      PANEL_ORIGINS: PANEL_ORIGIN,
      DATA_DIR: path.join(tmp, 'data'),
      DEPLOY_DIR: path.join(tmp, 'deploy'),
      PUBLIC_API_URL: 'https://api.example',
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '&copy; Example maps',
      // No chat app: the Support page's link writes to the support address.
      SUPPORT_CHAT_URL: '',
      SUPPORT_EMAIL: 'help@provider.example',
      CURRENCY: 'CHF',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = once(createInterface({ input: servers.stdout! }), 'line');
  const exited = once(servers, 'exit').then(([code]) => {
    throw new Error(`servers exited with ${String(code)}`);
  });
  const [line] = (await Promise.race([started, exited])) as [string];
  ports = JSON.parse(line) as typeof ports;
}, 30_000);

afterAll(() => {
  agent.destroy();
  servers?.kill();
  rmSync(tmp, { recursive: true, force: true });
});

describe('no path leaves the served folder', () => {
  // One step up, written every way a server might decode into `../`.
  const UP = [
    '../',
    '..%2F',
    '..%2f',
    '%2e%2e/',
    '%2E%2E%2F',
    '.%2e/',
    '..\\',
    '..%5C',
    '..%5c',
    '%252e%252e%252f',
    '..%252F',
    '..%c0%af',
    '..%00/',
    '%2e%2e%00%2f',
  ];
  const TARGETS = ['secret.txt', 'data/jwt-secret', 'data%2Fjwt-secret', 'etc/passwd'];
  const climbs = UP.flatMap((up) =>
    [1, 2, 3, 4, 8].flatMap((depth) => TARGETS.map((target) => `${up.repeat(depth)}${target}`)),
  );
  const absolutes = () => [
    '/etc/passwd',
    '%2Fetc%2Fpasswd',
    '%5Cetc%5Cpasswd',
    `${tmp}/secret.txt`,
    encodeURIComponent(`${tmp}/secret.txt`),
    `${tmp}/secret.txt%00.js`,
    'secret.txt%00',
    '%00/../secret.txt',
  ];

  /** Each check names the path, so a failure says which attack got through. */
  function expectNothingLeaked(answer: Answer, rawPath: string, { page = false } = {}) {
    const body = answer.body.toString('latin1');
    const leaked = body.includes(SECRET) || body.includes('root:x:0:0');
    // The shell answers a client-side route with its page; anything else is a 4xx.
    const refused =
      (answer.status >= 400 && answer.status < 500) ||
      (page && answer.status === 200 && body === INDEX_HTML);
    expect({ rawPath, leaked, refused }).toEqual({ rawPath, leaked: false, refused: true });
  }

  it('in the version segment and the file segment of a remote', async () => {
    const payloads = [...climbs, ...absolutes()];
    for (const payload of payloads) {
      for (const rawPath of [
        `/${payload}`,
        `/${payload}/mf-manifest.json`,
        `/${VERSION}/${payload}`,
        `/${VERSION}/sub/${payload}`,
      ]) {
        expectNothingLeaked(await get(ports.remote, rawPath), rawPath);
      }
    }
    // The versions themselves: only a plain name is a folder.
    for (const version of [
      '..',
      '.',
      '%2e%2e',
      '.%2e',
      '7.7.7%2F..',
      '7..7',
      '%37.7.7',
      '.hidden',
    ]) {
      const answer = await get(ports.remote, `/${version}/mf-manifest.json`);
      expect({ version, status: answer.status }).toEqual({ version, status: 404 });
    }
  });

  it('in every segment of the shell', async () => {
    for (const payload of [...climbs, ...absolutes()]) {
      for (const rawPath of [`/${payload}`, `/auth/${payload}`]) {
        expectNothingLeaked(await get(ports.shell, rawPath), rawPath, { page: true });
      }
    }
  });
});

describe('caching', () => {
  it.each([
    ['remote', `/${VERSION}/remoteEntry.js`],
    ['remote', `/${VERSION}/mf-manifest.json`],
    ['shell', '/'],
    ['shell', '/home'],
    ['shell', '/remotes.json'],
  ] as const)(
    '%s %s is no-cache with an ETag, and a revalidation is a 304',
    async (server, url) => {
      const first = await get(ports[server], url);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      const again = await get(ports[server], url, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    },
  );

  it.each(['remote', 'shell'] as const)(
    "the %s's content-hashed files are immutable",
    async (server) => {
      const url = server === 'remote' ? `/${VERSION}/${CHUNK}` : `/${CHUNK}`;
      const answer = await get(ports[server], url);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it('a missing file is a 404, not the page', async () => {
    expect((await get(ports.shell, '/missing.0123456789.js')).status).toBe(404);
    expect((await get(ports.remote, `/${VERSION}/missing.js`)).status).toBe(404);
    expect((await get(ports.remote, '/0.0.1/remoteEntry.js')).status).toBe(404);
  });
});

describe('compression and types', () => {
  it.each([
    ['br, gzip', 'the .br file', 'br', zlib.brotliDecompressSync],
    ['gzip', 'the .gz file', 'gzip', zlib.gunzipSync],
    ['', 'the file itself', undefined, (body: Buffer) => body],
  ] as const)('Accept-Encoding "%s" gets %s', async (accepted, _label, encoding, decode) => {
    for (const [port, url] of [
      [ports.remote, `/${VERSION}/${CHUNK}`],
      [ports.shell, `/${CHUNK}`],
    ] as const) {
      const answer = await get(port, url, { 'Accept-Encoding': accepted });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      expect(decode(answer.body).toString()).toBe(CHUNK_TEXT);
    }
  });

  it('names the types of the page and the manifest', async () => {
    expect((await get(ports.shell, '/')).headers['content-type']).toMatch(/^text\/html/);
    expect(
      (await get(ports.remote, `/${VERSION}/mf-manifest.json`)).headers['content-type'],
    ).toMatch(/^application\/json/);
  });

  it('serves files only: other methods are refused', async () => {
    expect((await get(ports.remote, `/${VERSION}/remoteEntry.js`, {}, 'POST')).status).toBe(405);
    expect((await get(ports.shell, '/', {}, 'PUT')).status).toBe(405);
  });
});

describe('CORS', () => {
  const url = `/${VERSION}/mf-manifest.json`;

  it('is granted to a configured panel origin', async () => {
    const answer = await get(ports.remote, url, { Origin: PANEL_ORIGIN });
    expect(answer.headers['access-control-allow-origin']).toBe(PANEL_ORIGIN);
    expect(answer.headers.vary).toContain('Origin');
    const revalidated = await get(ports.remote, url, {
      Origin: PANEL_ORIGIN,
      'If-None-Match': answer.headers.etag,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['access-control-allow-origin']).toBe(PANEL_ORIGIN);
  });

  it.each(['http://evil.test', 'null', 'http://panel.test:4990.evil.test'])(
    'is absent for %s',
    async (origin) => {
      const answer = await get(ports.remote, url, { Origin: origin });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers.vary).toContain('Origin');
    },
  );

  it("is not granted to the request's own host, nor by the shell", async () => {
    const own = `http://127.0.0.1:${ports.remote}`;
    const answer = await get(ports.remote, url, { Origin: own, Host: `127.0.0.1:${ports.remote}` });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const shell = await get(ports.shell, '/remotes.json', { Origin: PANEL_ORIGIN });
    expect(shell.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('security headers', () => {
  it("the shell's page carries a CSP built from the configuration", async () => {
    const answer = await get(ports.shell, '/auth/login');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const policy = Object.fromEntries(
      String(answer.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    ) as Record<string, string[]>;
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['script-src']).toEqual(expect.arrayContaining(["'self'", REMOTE_ORIGIN]));
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(["'self'", REMOTE_ORIGIN, 'https://api.example']),
    );
    expect(policy['img-src']).toEqual(
      expect.arrayContaining(['data:', 'blob:', 'https://*.tiles.example', 'https://api.example']),
    );
    expect(String(answer.headers['content-security-policy'])).not.toMatch(/(^|\s)\*(\s|;|$)/);
  });

  it('allows WebAssembly only on the documents of the pages that compile it', async () => {
    const scriptSources = async (urlPath: string) => {
      const answer = await get(ports.shell, urlPath);
      const directive = String(answer.headers['content-security-policy'])
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('script-src '));
      return (directive ?? '').split(/\s+/);
    };
    for (const page of ['/lend', '/lend/', '/take-back']) {
      expect(await scriptSources(page)).toContain("'wasm-unsafe-eval'");
    }
    for (const page of ['/home', '/auth/login', '/lend-x', '/take-back/more', '/loan']) {
      expect(await scriptSources(page)).not.toContain("'wasm-unsafe-eval'");
    }
  });

  it("a remote's files are nosniff and may not run as a page", async () => {
    const answer = await get(ports.remote, `/${VERSION}/remoteEntry.js`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('remotes.json carries the Start Chat link, mailto: the support address by default', async () => {
    const answer = await get(ports.shell, '/remotes.json');
    const body = JSON.parse(answer.body.toString()) as Record<string, unknown>;
    expect(body.supportChatUrl).toBe('mailto:help@provider.example');
    expect(body.currency).toBe('CHF');
    // One name per setting: the shell reads the camelCase keys only.
    expect(body).not.toHaveProperty('SUPPORT_CHAT_URL');
    expect(body).not.toHaveProperty('CURRENCY');
  });

  it('remotes.json names the remotes on the host asked and the map tile settings', async () => {
    const answer = await get(ports.shell, '/remotes.json', { Host: 'panel.test:4990' });
    const body = JSON.parse(answer.body.toString()) as {
      remotes: Record<string, { url: string }>;
      mapTileUrl: string;
      mapTileAttribution: string;
    };
    expect(body.remotes.mfe_qr?.url).toMatch(/^http:\/\/panel\.test:4995\//);
    expect(body.mapTileUrl).toBe('https://{s}.tiles.example/{z}/{x}/{y}.png');
    expect(body.mapTileAttribution).toBe('&copy; Example maps');
    const odd = await get(ports.shell, '/remotes.json', { Host: 'evil.test/x?' });
    expect(JSON.parse(odd.body.toString()).remotes.mfe_qr.url).toMatch(
      /^http:\/\/localhost:4995\//,
    );
  });
});

describe("page views' tickets", () => {
  const ticketOf = (query: string) => get(ports.shell, `/view-ticket?${query}`);

  it('are signed for a served version, one per view, and the API verifies them with the shared secret', async () => {
    const first = await ticketOf(`remote=mfe_qr&version=${VERSION}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeUndefined();
    const second = await ticketOf(`remote=mfe_qr&version=${VERSION}`);
    const [a, b] = [first, second].map(
      (answer) => (JSON.parse(answer.body.toString()) as { ticket: string }).ticket,
    ) as [string, string];
    expect(a).not.toBe(b);
    // The secret the shell's server generated for the release controller, which the API reads.
    const secret = readFileSync(path.join(tmp, 'data', 'release-controller-token'), 'utf8').trim();
    const claims = [a, b].map((ticket) => verifyViewTicket(ticket, secret));
    expect(claims).toEqual([
      expect.objectContaining({ remote: 'mfe_qr', version: VERSION }),
      expect.objectContaining({ remote: 'mfe_qr', version: VERSION }),
    ]);
    expect(claims[0]?.view).not.toBe(claims[1]?.view);
    expect(claims[0]?.exp).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(verifyViewTicket(a, 'another secret')).toBeNull();
  });

  it.each([
    ['a version never released', 'remote=mfe_qr&version=9.9.9'],
    ['a canary given to nobody', 'remote=mfe_qr&version=7.7.8'],
    ['an unknown remote', `remote=mfe_nope&version=${VERSION}`],
    ['no remote at all', ''],
  ])('are refused for %s with a 404', async (_case, query) => {
    const answer = await ticketOf(query);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toEqual({ error: expect.any(String) });
  });
});
