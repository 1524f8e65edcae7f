import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';

import type { Db } from '../src/db/connect';
import { keptRead } from '../src/db/kept-reads';
import { signToken } from '../src/lib/jwt';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { buildAppOnFile, createSqliteFile, JWT_SECRET, testShopValues } from './helpers';

/*
 * On SQLite each API process keeps the account rows it has checked tokens
 * against, until the database changes (src/lib/auth.ts). These tests revoke
 * in another process, through the API, and expect this process to refuse the
 * old token at its very next call. They need a database file two processes
 * share, so they run on SQLite whatever database the rest of the suite uses.
 */
const run = promisify(execFile);
let dir: string;
let url: string;
let db: Db;
let app: FastifyInstance;
let adminToken: string;
let shopId: number;

beforeAll(async () => {
  let file: string;
  ({ dir, file, db } = await createSqliteFile('panel-processes-'));
  url = `sqlite:${file}`;
  const admin = await db
    .insertInto('admins')
    .values({ email: 'admin@test.dev', password_hash: 'unused' })
    .returning('id')
    .executeTakeFirstOrThrow();
  adminToken = signToken({ kind: 'admin', id: admin.id, ver: 0 }, JWT_SECRET);
  shopId = (await insertShop(db, systemAudit(), testShopValues('Shop A', 'a@test.dev'))).id;
  app = await buildAppOnFile(db, dir);
});

afterAll(async () => {
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** One call made by another API process on the same database file; its status code. */
async function inAnotherProcess(call: {
  method: 'POST';
  url: string;
  token: string;
  payload?: object;
}): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'fixtures/api-call.ts'), JSON.stringify(call)],
    { env: { ...process.env, DATABASE_URL: url, JWT_SECRET } },
  );
  return Number(stdout.trim());
}

const info = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/v0/shops/shop/info',
      headers: { authorization: `JWT ${token}` },
    })
  ).statusCode;

describe('revocation on SQLite, across two API processes', () => {
  it("refuses a shop's token at once after the shop signs out everywhere in another process", async () => {
    const token = signToken({ kind: 'shop', id: shopId, ver: 0 }, JWT_SECRET);
    expect(await info(token)).toBe(200);
    expect(await info(token)).toBe(200);
    const status = await inAnotherProcess({
      method: 'POST',
      url: '/api/v0/shops/logout-everywhere',
      token,
    });
    expect(status).toBe(200);
    expect(await info(token)).toBe(401);
    expect(await info(signToken({ kind: 'shop', id: shopId, ver: 1 }, JWT_SECRET))).toBe(200);
  });

  it('refuses a shop at once after the super admin deactivates it in another process', async () => {
    const token = signToken({ kind: 'shop', id: shopId, ver: 1 }, JWT_SECRET);
    expect(await info(token)).toBe(200);
    expect(await info(adminToken)).toBe(200);
    const status = await inAnotherProcess({
      method: 'POST',
      url: '/api/v0/shops/change-shop-status',
      token: adminToken,
      payload: { shop: shopId, new_status: 'inactive' },
    });
    expect(status).toBe(200);
    // The shop's token is refused at once: a deactivated shop reads why
    // (403 "Your shop has been deactivated…", issue 32), not an expired session.
    expect(await info(token)).toBe(403);
    expect(await info(adminToken)).toBe(200);
  });

  it("holds another process's write until an open transaction ends, and reuses no kept read in it", async () => {
    const kept = () => keptRead(db, 'test:in-transaction', () => Promise.resolve('read'));
    expect(await kept()).toBe('read');
    const statusOf = (trx: Db) =>
      trx.selectFrom('shops').select('status').where('id', '=', shopId).executeTakeFirstOrThrow();
    let activated: Promise<number> | null = null;
    const inTransaction = await db.transaction().execute(async (trx) => {
      const before = await statusOf(trx);
      // The super admin activates the shop again in another process meanwhile:
      // begun immediate, this transaction holds the file's write, so that call
      // waits (its busy timeout) rather than commit between this read and a write.
      activated = inAnotherProcess({
        method: 'POST',
        url: '/api/v0/shops/change-shop-status',
        token: adminToken,
        payload: { shop: shopId, new_status: 'active' },
      });
      let done = false;
      void activated.finally(() => (done = true));
      await sleep(2_500);
      const after = await statusOf(trx);
      // data_version stands still within a transaction: nothing kept is reused in one.
      const reread = await keptRead(db, 'test:in-transaction', () => Promise.resolve('read again'));
      return { before, after, reread, done };
    });
    expect(inTransaction).toEqual({
      before: { status: 'inactive' },
      after: { status: 'inactive' },
      reread: 'read again',
      done: false,
    });
    expect(await activated).toBe(200);
    expect(await statusOf(db)).toEqual({ status: 'active' });
  });

  it("refuses the super admin's token at once after the super admin signs out everywhere in another process", async () => {
    expect(await info(adminToken)).toBe(200);
    const status = await inAnotherProcess({
      method: 'POST',
      url: '/api/v0/shops/logout-everywhere',
      token: adminToken,
    });
    expect(status).toBe(200);
    expect(await info(adminToken)).toBe(401);
  });
});
