import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import type { Db } from '../src/db/connect';
import { counterWritesOf, startCounterThread, type CounterThread } from '../src/db/counter-writer';
import { systemAudit } from '../src/lib/audit';
import { signToken } from '../src/lib/jwt';
import { insertShop } from '../src/repositories/shops';
import { addStock, buildAppOnFile, createSqliteFile, JWT_SECRET, testShopValues } from './helpers';
import { settlesWithin } from './settles-within';

/*
 * On a SQLite file the server runs the counter's lends and returns on a
 * thread of their own, with a connection of its own, in groups of calls
 * committed together (db/counter-writer.ts, db/counter-thread.ts). These
 * tests run the API as the server does, on a file with that thread.
 */
const run = promisify(execFile);
let dir: string;
let file: string;
let db: Db;
let app: FastifyInstance;
let thread: CounterThread;
let shopId: number;
let token: string;

beforeAll(async () => {
  ({ dir, file, db } = await createSqliteFile('panel-counter-thread-'));
  shopId = (await insertShop(db, systemAudit(), testShopValues('Shop A', 'a@test.dev'))).id;
  token = signToken({ kind: 'shop', id: shopId, ver: 0 }, JWT_SECRET);
  thread = await startCounterThread(db, file);
  app = await buildAppOnFile(db, dir);
}, 60_000);

afterAll(async () => {
  await app.close();
  await thread.stop();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const lend = (codes: string[], client = 'Ada', key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v0/pack/containers/lend',
    headers: { authorization: `JWT ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { codes, client },
  });
const takeBack = (codes: string[], key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v0/pack/containers/return',
    headers: { authorization: `JWT ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { codes },
  });
const loansOf = (client: string) =>
  db.selectFrom('loans').select('id').where('client', '=', client).execute();

describe('the counter thread', () => {
  it('lends and takes back, and the API thread reads what it wrote at once', async () => {
    expect(counterWritesOf(db)).toBe(thread);
    const codes = await addStock(db, shopId, 'cup', 3);
    const lent = await lend(codes, 'Grace');
    expect(lent.statusCode).toBe(201);
    const loan = lent.json() as { id: number; containers: Array<{ code: string }> };
    expect(loan.containers.map((c) => c.code)).toEqual(codes);
    expect(await loansOf('Grace')).toEqual([{ id: loan.id }]);
    const onLoan = await db
      .selectFrom('containers')
      .select('code')
      .where('loan_id', '=', loan.id)
      .execute();
    expect(onLoan.map((c) => c.code).sort()).toEqual([...codes].sort());

    const back = await takeBack(codes);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ returned: codes, completed_loans: [loan.id] });
    const entries = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['loan.lend', 'loan.return'])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['loan.lend', 'loan.return']);
  });

  it("keeps each refusal's status and message", async () => {
    const unknown = await lend(['no-such-code']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown container code(s): no-such-code' });
    const [code] = await addStock(db, shopId, 'cup', 1);
    expect((await lend([code as string])).statusCode).toBe(201);
    const again = await lend([code as string]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: `Container(s) not in your shop's stock: ${code}` });
  });

  it('lets one of two lends of a container made at once win', async () => {
    const [code] = await addStock(db, shopId, 'cup', 1);
    const answers = await Promise.all([
      lend([code as string], 'Twin'),
      lend([code as string], 'Twin'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await loansOf('Twin')).toHaveLength(1);
  });

  it('commits the calls of a group that succeed when one of them is refused', async () => {
    const [taken] = await addStock(db, shopId, 'cup', 1);
    expect((await lend([taken as string], 'First')).statusCode).toBe(201);
    const batches = await Promise.all(
      Array.from({ length: 9 }, () => addStock(db, shopId, 'bowl', 2)),
    );
    const answers = await Promise.all([
      ...batches.map((codes) => lend(codes, 'Grouped')),
      lend([...((await addStock(db, shopId, 'bowl', 1)) as string[]), taken as string], 'Refused'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(9).fill(201), 409]);
    expect(await loansOf('Grouped')).toHaveLength(9);
    expect(await loansOf('Refused')).toHaveLength(0);
  });

  it('makes one loan of parallel lends with one Idempotency-Key', async () => {
    const codes = await addStock(db, shopId, 'cup', 2);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => lend(codes, 'Retried', 'counter-thread-key-1')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => (a.json() as { id: number }).id)).size).toBe(1);
    expect(await loansOf('Retried')).toHaveLength(1);
  });

  it("keeps a keyed lend's and return's answer in their own commit, as the text sent", async () => {
    const keptOf = (key: string) =>
      db
        .selectFrom('idempotency_keys')
        .select(['status', 'body'])
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
    // The shape of an answer, every key of every object in it, to compare with the schema's serializer's.
    const shapeOf = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shapeOf)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([k, v]) => [k, shapeOf(v)]),
            )
          : typeof value;
    const [keyed, plain] = [
      await addStock(db, shopId, 'cup', 2),
      await addStock(db, shopId, 'cup', 2),
    ];
    const lent = await lend(keyed, 'Kept', 'counter-thread-key-3');
    const lentPlain = await lend(plain, 'Kept');
    expect(lent.statusCode).toBe(201);
    // Kept as it was sent, with the status it was sent with.
    expect(await keptOf('counter-thread-key-3')).toEqual({ status: 201, body: lent.body });
    expect(shapeOf(lent.json())).toEqual(shapeOf(lentPlain.json()));
    const back = await takeBack(keyed, 'counter-thread-key-4');
    const backPlain = await takeBack(plain);
    expect(back.statusCode).toBe(200);
    expect(await keptOf('counter-thread-key-4')).toEqual({ status: 200, body: back.body });
    expect(shapeOf(back.json())).toEqual(shapeOf(backPlain.json()));
    const retry = await takeBack(keyed, 'counter-thread-key-4');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(back.body);
  });

  it('replays a refusal to a retry with the same Idempotency-Key', async () => {
    const first = await lend(['no-such-code'], 'Refused twice', 'counter-thread-key-2');
    const codes = await addStock(db, shopId, 'cup', 1);
    // Another body under the same key is refused; the same body gets the first answer.
    expect((await lend(codes, 'Refused twice', 'counter-thread-key-2')).statusCode).toBe(400);
    const retry = await lend(['no-such-code'], 'Refused twice', 'counter-thread-key-2');
    expect(first.statusCode).toBe(404);
    expect(retry.statusCode).toBe(404);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it("waits out another process's write before a group begins, not fails after it", async () => {
    const codes = await addStock(db, shopId, 'cup', 2);
    expect((await lend(codes, 'Waited')).statusCode).toBe(201);
    // Another process writes, and commits while the return waits: a group
    // begun deferred read the loans first and then failed (SQLITE_BUSY_SNAPSHOT).
    const other = new Database(file);
    try {
      other.exec('begin immediate');
      other
        .prepare('insert into rate_limits (key, hits, reset_at) values (?, 1, 0)')
        .run('another process');
      const answer = takeBack(codes);
      await sleep(300);
      other.exec('commit');
      expect((await answer).statusCode).toBe(200);
    } finally {
      other.close();
    }
  });

  it("never fails the API thread's transactions that read before they write", async () => {
    // Without the shared write lock, such a transaction fails (SQLITE_BUSY_SNAPSHOT)
    // when the thread commits between its read and its write: here the thread
    // lends all along while the API thread runs them one after another.
    const lanes = await Promise.all(
      Array.from({ length: 4 }, () =>
        Promise.all(Array.from({ length: 10 }, () => addStock(db, shopId, 'cup', 1))),
      ),
    );
    let lending = true;
    const lent: number[] = [];
    const lanesDone = Promise.all(
      lanes.map(async (batches, lane) => {
        for (const [n, codes] of batches.entries()) {
          lent.push((await lend(codes, `Busy ${lane}-${n}`)).statusCode);
          if (!lending) break;
        }
      }),
    );
    const failures: unknown[] = [];
    for (let n = 0; n < 10; n += 1) {
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('containers').select('id').limit(1).execute();
          await sleep(3);
          await trx
            .insertInto('shop_clients')
            .values({ shop_id: shopId, client: `Walk-in ${n}` })
            .execute();
        })
        .catch((error: unknown) => failures.push(error));
    }
    lending = false;
    await lanesDone;
    expect(failures).toEqual([]);
    expect(lent.length).toBeGreaterThan(4);
    expect(new Set(lent)).toEqual(new Set([201]));
    const clients = await db
      .selectFrom('shop_clients')
      .select('client')
      .where('client', 'like', 'Walk-in %')
      .execute();
    expect(clients).toHaveLength(10);
  });

  it('keeps the WAL when another process opens and closes the file', async () => {
    // Closing any descriptor of the file drops this process's locks on it (the
    // counter's thread once did); SQLite's shell then took itself for the
    // last connection and deleted the WAL under the running API.
    const codes = await addStock(db, shopId, 'cup', 1);
    expect((await lend(codes, 'Seen elsewhere')).statusCode).toBe(201);
    // SQLite's own shell, as an operator would open the file.
    const { stdout } = await run('sqlite3', [
      file,
      "select count(*) from loans where client = 'Seen elsewhere'",
    ]);
    expect(stdout.trim()).toBe('1');
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(await loansOf('Seen elsewhere')).toHaveLength(1);
  });

  it('hands the counter back to the API thread once stopped', async () => {
    await thread.stop();
    expect(counterWritesOf(db)).not.toBe(thread);
    const codes = await addStock(db, shopId, 'cup', 1);
    expect((await lend(codes, 'After')).statusCode).toBe(201);
    expect(await loansOf('After')).toHaveLength(1);
  });
});

describe('a counter thread that ends mid-group', () => {
  it('hands its write lock on: the API thread writes again, and the counter runs there', async () => {
    const own = await createSqliteFile('panel-counter-lost-');
    try {
      const ownShop = await insertShop(
        own.db,
        systemAudit(),
        testShopValues('Shop L', 'l@test.dev'),
      );
      await sql`create table notes (n integer not null)`.execute(own.db);
      const lost = await startCounterThread(own.db, own.file);
      // A lone write goes to the thread and runs in a group, which holds the
      // write lock: a second or so of counting, ended half-way by a crash.
      const slowWrite = sql`
        with recursive c(i) as (select 1 union all select i + 1 from c where i < 5000000)
        insert into notes (n) select count(*) from c`.execute(own.db);
      await sleep(200);
      await lost.terminate();
      await expect(slowWrite).rejects.toThrow("The counter's thread has stopped.");

      // Without the lock handed on, this transaction would wait for ever.
      const written = own.db
        .transaction()
        .execute((trx) => sql`insert into notes (n) values (1)`.execute(trx));
      expect(await settlesWithin(written, 5_000)).toBe(true);
      await written;
      // The thread's group was rolled back with it.
      const notes = await sql<{ n: number }>`select n from notes`.execute(own.db);
      expect(notes.rows).toEqual([{ n: 1 }]);

      // Lends run in the API's thread now.
      expect(counterWritesOf(own.db)).not.toBe(lost);
      const codes = await addStock(own.db, ownShop.id, 'cup', 2);
      const ownApp = await buildAppOnFile(own.db, own.dir);
      try {
        const ownToken = signToken({ kind: 'shop', id: ownShop.id, ver: 0 }, JWT_SECRET);
        const lent = await ownApp.inject({
          method: 'POST',
          url: '/api/v0/pack/containers/lend',
          headers: { authorization: `JWT ${ownToken}` },
          payload: { codes, client: 'After the crash' },
        });
        expect(lent.statusCode).toBe(201);
      } finally {
        await ownApp.close();
      }
    } finally {
      await own.db.destroy();
      rmSync(own.dir, { recursive: true, force: true });
    }
  }, 60_000);
});
