import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { Client } from 'pg';

import { connect, type Db } from '../src/db/connect';

/**
 * The real server (what `npm start -w api` runs) under write load over HTTP,
 * killed with SIGKILL mid-load, then restarted: the database must pass its
 * integrity checks and hold every write that was acknowledged (a 2xx received
 * before the kill). Runs on the database of the Jest project.
 */
// Generous: the server starts twice (tsx compiling it each time), and the
// suite runs files side by side on two cores.
jest.setTimeout(120_000);

const API_DIR = path.resolve(__dirname, '..');
const LOAD_MS = 1500;

interface Target {
  url: string;
  dataDir: string;
  drop: () => Promise<void>;
}

async function createTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-crash-'));
  if (process.env.TEST_DB !== 'postgres') {
    return {
      url: `sqlite:${path.join(dataDir, 'panel.sqlite')}`,
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.PG_TEST_URL;
  if (!base) throw new Error('PG_TEST_URL is not set');
  // The server takes a plain DATABASE_URL (no schema option), so it gets a database of its own.
  const name = `panel_crash_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const client = new Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** `node --import tsx src/server.ts`: one process, so SIGKILL kills the server itself. */
async function startServer(target: Target, port: number): Promise<Server> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: target.url,
      DATA_DIR: target.dataDir,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      JWT_SECRET: 'crash-test-secret',
      API_LOG: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}/api/v0`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const res = await fetch(`${base}/shops/shop/info`).catch(() => null);
    if (res?.status === 401) return { child, base, output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not start:\n${output.join('')}`);
}

function killHard(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

async function call(
  server: Server,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `JWT ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The writes the server acknowledged with a 2xx before it was killed. */
interface Acknowledged {
  generated: string[][];
  requests: number[];
  approved: number[];
  lends: Array<{ loanId: number; code: string }>;
  returns: string[];
}

const acknowledgedCount = (a: Acknowledged) =>
  a.generated.length + a.requests.length + a.approved.length + a.lends.length + a.returns.length;

async function runLoad(
  server: Server,
  tokens: { admin: string; shop: string },
  stock: string[],
  killAfterMs: number,
): Promise<Acknowledged> {
  const ack: Acknowledged = { generated: [], requests: [], approved: [], lends: [], returns: [] };
  const pending: number[] = [];
  const lent: string[] = [];
  let stopped = false;
  // Any failure (refused connection after the kill, 409 on a race) just ends a write unacknowledged.
  const loop = async (step: () => Promise<void>) => {
    while (!stopped) await step().catch(() => undefined);
  };
  const workers = [
    loop(async () => {
      const res = await call(server, 'POST', '/pack/containers/generate_codes/', tokens.admin, {
        country: 'France',
        type: 'cup',
        count: 5,
      });
      if (res.status === 201) ack.generated.push(res.json.generated_codes as string[]);
    }),
    loop(async () => {
      const res = await call(server, 'POST', '/pack/containers/request_container/', tokens.shop, {
        containers: [{ container_type: 'cup', count: 1 }],
      });
      if (res.status === 201) {
        ack.requests.push(res.json.id as number);
        pending.push(res.json.id as number);
      }
    }),
    // One approver: parallel approvals are the `sec` branch's race, not what this test is about.
    loop(async () => {
      const id = pending.shift();
      if (id === undefined) return new Promise((r) => setTimeout(r, 5));
      const res = await call(
        server,
        'POST',
        `/pack/containers/${id}/approve_or_deny/`,
        tokens.admin,
        {
          approved: true,
          reason: 'crash test',
        },
      );
      if (res.status === 200) ack.approved.push(id);
    }),
    ...[0, 1].map(() =>
      loop(async () => {
        const code = stock.pop();
        if (code === undefined) return new Promise((r) => setTimeout(r, 5));
        const res = await call(server, 'POST', '/pack/containers/lend/', tokens.shop, {
          codes: [code],
          client: `crash-${code}`,
        });
        if (res.status === 201) {
          ack.lends.push({ loanId: res.json.id as number, code });
          lent.push(code);
        }
      }),
    ),
    loop(async () => {
      const code = lent.shift();
      if (code === undefined) return new Promise((r) => setTimeout(r, 5));
      const res = await call(server, 'POST', '/pack/containers/return/', tokens.shop, {
        codes: [code],
      });
      if (res.status === 200) ack.returns.push(code);
    }),
  ];
  await new Promise((r) => setTimeout(r, killAfterMs));
  await killHard(server);
  stopped = true;
  await Promise.all(workers);
  return ack;
}

/** Rows that break the schema's rules; every query must find none. */
async function inconsistencies(db: Db): Promise<Record<string, number>> {
  const count = async (query: RawBuilder<{ n: number }>) =>
    Number((await query.execute(db)).rows[0]?.n ?? -1);
  return {
    'containers of a missing shop': await count(
      sql`SELECT COUNT(*) AS n FROM containers c WHERE c.shop_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shops s WHERE s.id = c.shop_id)`,
    ),
    'containers lent from the provider': await count(
      sql`SELECT COUNT(*) AS n FROM containers WHERE shop_id IS NULL AND loan_id IS NOT NULL`,
    ),
    'containers out without an open loan item': await count(
      sql`SELECT COUNT(*) AS n FROM containers c WHERE c.loan_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM loan_items i JOIN loans l ON l.id = i.loan_id WHERE i.container_id = c.id AND i.loan_id = c.loan_id AND i.returned_at IS NULL AND l.returned_date IS NULL)`,
    ),
    'open loan items of a container not out': await count(
      sql`SELECT COUNT(*) AS n FROM loan_items i JOIN containers c ON c.id = i.container_id WHERE i.returned_at IS NULL AND (c.loan_id IS NULL OR c.loan_id <> i.loan_id)`,
    ),
    'loans without items': await count(
      sql`SELECT COUNT(*) AS n FROM loans l WHERE NOT EXISTS (SELECT 1 FROM loan_items i WHERE i.loan_id = l.id)`,
    ),
    'returned loans with open items': await count(
      sql`SELECT COUNT(*) AS n FROM loans l WHERE l.returned_date IS NOT NULL AND EXISTS (SELECT 1 FROM loan_items i WHERE i.loan_id = l.id AND i.returned_at IS NULL)`,
    ),
    'open loans with every item back': await count(
      sql`SELECT COUNT(*) AS n FROM loans l WHERE l.returned_date IS NULL AND NOT EXISTS (SELECT 1 FROM loan_items i WHERE i.loan_id = l.id AND i.returned_at IS NULL)`,
    ),
    'requests without items': await count(
      sql`SELECT COUNT(*) AS n FROM container_requests r WHERE NOT EXISTS (SELECT 1 FROM request_items i WHERE i.request_id = r.id)`,
    ),
    'request items of a missing request': await count(
      sql`SELECT COUNT(*) AS n FROM request_items i WHERE NOT EXISTS (SELECT 1 FROM container_requests r WHERE r.id = i.request_id)`,
    ),
    'requests decided without a date (or pending with one)': await count(
      sql`SELECT COUNT(*) AS n FROM container_requests WHERE (status = 'PENDING') <> (decided_at IS NULL)`,
    ),
  };
}

let target: Target;
let server: Server | null = null;
afterAll(async () => {
  if (server) await killHard(server);
  await target?.drop();
});

it('keeps every acknowledged write and a consistent database through kill -9 under load', async () => {
  target = await createTarget();
  const port = await freePort();
  server = await startServer(target, port);

  const login = async (email: string, password: string) => {
    const res = await call(server as Server, 'POST', '/shops/login/', null, { email, password });
    expect(res.status).toBe(200);
    return res.json as { access: string; shop_id: number | null };
  };
  const admin = await login('admin@example.com', 'admin12345');
  const shop = await login('shop@example.com', 'shop12345');
  const shopId = shop.shop_id as number;

  const db = connect(target.url).db;
  try {
    const stockRows = await db
      .selectFrom('containers')
      .select('code')
      .where('shop_id', '=', shopId)
      .where('loan_id', 'is', null)
      .execute();
    const lastRequest = await db
      .selectFrom('container_requests')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const ownedBefore = await db
      .selectFrom('containers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow();
    expect(stockRows.length).toBeGreaterThan(0);

    const ack = await runLoad(
      server,
      { admin: admin.access, shop: shop.access },
      stockRows.map((r) => r.code),
      LOAD_MS,
    );
    // Enough of each kind of write to mean something.
    expect(ack.generated.length).toBeGreaterThan(0);
    expect(ack.requests.length).toBeGreaterThan(0);
    expect(ack.lends.length).toBeGreaterThan(0);

    server = await startServer(target, port);
    const after = await call(server, 'GET', '/shops/shop/info', shop.access);
    expect(after.status).toBe(200);

    if (process.env.TEST_DB !== 'postgres') {
      const check = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
      expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
      const foreign = await sql`PRAGMA foreign_key_check`.execute(db);
      expect(foreign.rows).toEqual([]);
    }
    const broken = await inconsistencies(db);
    expect(broken).toEqual(Object.fromEntries(Object.keys(broken).map((k) => [k, 0])));

    // Every acknowledged write, one by one.
    const codes = ack.generated.flat();
    const found = codes.length
      ? await db.selectFrom('containers').select('code').where('code', 'in', codes).execute()
      : [];
    expect(found.length).toBe(codes.length);

    const requests = await db
      .selectFrom('container_requests')
      .select(['id', 'shop_id', 'status'])
      .where('id', 'in', ack.requests)
      .execute();
    expect(requests.length).toBe(ack.requests.length);
    expect(requests.every((r) => r.shop_id === shopId)).toBe(true);
    const items = await db
      .selectFrom('request_items')
      .select(['request_id', 'container_type', 'quantity'])
      .where('request_id', 'in', ack.requests)
      .execute();
    expect(items.map((i) => [i.request_id, i.container_type, Number(i.quantity)]).sort()).toEqual(
      ack.requests.map((id) => [id, 'cup', 1]).sort(),
    );
    const approved = new Set(requests.filter((r) => r.status === 'APPROVED').map((r) => r.id));
    expect(ack.approved.filter((id) => !approved.has(id))).toEqual([]);

    // No half-applied approval: the shop owns exactly what it had plus what was approved to it.
    const approvedSince = await db
      .selectFrom('container_requests')
      .innerJoin('request_items', 'request_items.request_id', 'container_requests.id')
      .select((eb) => eb.fn.sum<number>('request_items.quantity').as('n'))
      .where('container_requests.shop_id', '=', shopId)
      .where('container_requests.status', '=', 'APPROVED')
      .where('container_requests.id', '>', Number(lastRequest.id ?? 0))
      .executeTakeFirstOrThrow();
    const ownedAfter = await db
      .selectFrom('containers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow();
    expect(Number(ownedAfter.n)).toBe(Number(ownedBefore.n) + Number(approvedSince.n ?? 0));

    const lendCodes = ack.lends.map((l) => l.code);
    const lentRows = lendCodes.length
      ? await db
          .selectFrom('loan_items')
          .innerJoin('containers', 'containers.id', 'loan_items.container_id')
          .innerJoin('loans', 'loans.id', 'loan_items.loan_id')
          .select(['loans.id', 'containers.code', 'loans.shop_id', 'loan_items.returned_at'])
          .where('containers.code', 'in', lendCodes)
          // Demo codes may have been lent before, in loans returned long ago.
          .where(
            'loans.id',
            'in',
            ack.lends.map((l) => l.loanId),
          )
          .execute()
      : [];
    expect(lentRows.map((r) => `${r.id}:${r.code}:${r.shop_id}`).sort()).toEqual(
      ack.lends.map((l) => `${l.loanId}:${l.code}:${shopId}`).sort(),
    );
    const returned = new Set(lentRows.filter((r) => r.returned_at !== null).map((r) => r.code));
    expect(ack.returns.filter((code) => !returned.has(code))).toEqual([]);

    const total = acknowledgedCount(ack);
    console.log(
      `crash test (${process.env.TEST_DB}): ${total} acknowledged writes verified after kill -9 ` +
        `(${codes.length} codes in ${ack.generated.length} generate calls, ${ack.requests.length} requests, ` +
        `${ack.approved.length} approvals, ${ack.lends.length} lends, ${ack.returns.length} returns)`,
    );
  } finally {
    await db.destroy();
  }
});
