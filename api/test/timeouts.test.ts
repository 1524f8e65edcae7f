import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../src/app';
import { DEFAULT_SERVER_TIMEOUTS } from '../src/config';
import { connect } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { createMemoryMailer } from './memory-mailer';
import { JWT_SECRET } from './helpers';

// A client that sends its headers, or part of a body, and then nothing more
// must not hold a socket of the API for ever (issue 28, item 6). Measured on
// a real listening server: app.inject has no sockets.
const SHORT = { requestMs: 1_500, headersMs: 1_000, idleMs: 400, keepAliveMs: 400 };

let api: { app: FastifyInstance; close: () => Promise<void> };
let dataDir: string;
let port: number;

async function startApi(timeouts?: typeof SHORT) {
  const { db, kind } = connect('sqlite::memory:');
  await migrateToLatest(db, kind);
  const built = await buildApp(
    {
      db,
      kind,
      jwtSecret: JWT_SECRET,
      dataDir,
      mailer: createMemoryMailer(),
      releaseControllerToken: 'controller-token',
    },
    timeouts ? { timeouts } : {},
  );
  return {
    app: built,
    close: async () => {
      await built.close();
      await db.destroy();
    },
  };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'panel-timeouts-'));
  api = await startApi(SHORT);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `text` and then nothing; resolves with what came back and how long the socket stayed open. */
function stall(text: string): Promise<{ answer: string; openMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve({ answer, openMs: Date.now() - started }));
    socket.on('error', () => undefined);
    // Far beyond every short limit: reaching it means the server never let go.
    setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`the API kept a stalled socket open for 10 s (got ${JSON.stringify(answer)})`),
      );
    }, 10_000).unref();
  });
}

describe('server time-outs', () => {
  it('closes a request whose body stalls after its headers', async () => {
    const { openMs } = await stall(
      'POST /api/v0/shops/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(openMs).toBeLessThan(5_000);
  });

  it('closes a request whose headers never end', async () => {
    const { openMs } = await stall('GET /api/v0/shops/shop/info HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(openMs).toBeLessThan(5_000);
  });

  it('closes an idle keep-alive socket after answering', async () => {
    const { answer, openMs } = await stall(
      'GET /api/v0/pack/containers/types_and_countries HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 /);
    expect(openMs).toBeLessThan(5_000);
  });

  it('sets every limit by default', async () => {
    const fresh = await startApi();
    try {
      const { server } = fresh.app;
      expect(server.requestTimeout).toBe(DEFAULT_SERVER_TIMEOUTS.requestMs);
      expect(server.headersTimeout).toBe(DEFAULT_SERVER_TIMEOUTS.headersMs);
      expect(server.keepAliveTimeout).toBe(DEFAULT_SERVER_TIMEOUTS.keepAliveMs);
      expect(server.timeout).toBe(DEFAULT_SERVER_TIMEOUTS.idleMs);
    } finally {
      await fresh.close();
    }
  });
});
