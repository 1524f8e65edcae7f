import { changeStampOf, type Db } from '../src/db/connect';
import { keptRead } from '../src/db/kept-reads';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { addStock, createTestContext, type TestContext, testShopValues } from './helpers';

/*
 * keptRead (src/db/kept-reads.ts) reuses a read while the database's change
 * stamp stands still: SQLite's data version, PostgreSQL's snapshot. These
 * tests write through another connection pool (what another API process
 * has; the same handle on SQLite's in-memory database) and expect the very
 * next read to see the write, also while reads are pouring in.
 */
let ctx: TestContext;
let writer: Db;
let shopsAdded = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  writer = ctx.kind === 'postgres' ? ctx.another() : ctx.db;
});

afterAll(async () => {
  await ctx.close();
});

const countShops = (db: Db) =>
  db
    .selectFrom('shops')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

async function addShop(): Promise<void> {
  shopsAdded += 1;
  await insertShop(
    writer,
    systemAudit(),
    testShopValues(`Kept ${shopsAdded}`, `kept${shopsAdded}@test.dev`),
  );
}

describe('kept reads', () => {
  it('reads once while nothing changes', async () => {
    // On PostgreSQL the stamp is the server's snapshot, which a commit in
    // any database moves (other test workers' too): checked on a try during
    // which the stamp stood still.
    const stamp = changeStampOf(ctx.db) as NonNullable<ReturnType<typeof changeStampOf>>;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      let reads = 0;
      const read = () => keptRead(ctx.db, `test:once:${attempt}`, async () => ++reads);
      const before = await stamp();
      const answers = [
        await read(),
        await read(),
        ...(await Promise.all([read(), read(), read()])),
      ];
      if ((await stamp()) !== before) continue;
      expect(answers).toEqual([1, 1, 1, 1, 1]);
      expect(reads).toBe(1);
      return;
    }
    throw new Error('The change stamp never stood still for five reads.');
  });

  it('sees a write committed by another connection at the next read', async () => {
    const kept = () => keptRead(ctx.db, 'test:shops', () => countShops(ctx.db));
    const before = await kept();
    expect(await kept()).toBe(before);
    await addShop();
    expect(await kept()).toBe(before + 1);
  });

  it('never answers a read asked for after a commit with data from before it, under a stream of reads', async () => {
    const kept = () => keptRead(ctx.db, 'test:stream', () => countShops(ctx.db));
    let pouring = true;
    // Background readers keep a stamp query out at all times, so each
    // checked read below arrives while one is in flight.
    const readers = Array.from({ length: 8 }, async () => {
      while (pouring) await kept();
    });
    try {
      for (let round = 0; round < 200; round++) {
        const expected = (await countShops(writer)) + 1;
        await addShop();
        expect(await kept()).toBe(expected);
      }
    } finally {
      pouring = false;
      await Promise.all(readers);
    }
  });

  it('reads afresh inside a transaction', async () => {
    const kept = (db: Db) => keptRead(db, 'test:transaction', () => countShops(db));
    const outside = await kept(ctx.db);
    const inside = await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('shops').where('email', 'like', 'kept%').execute();
      return kept(trx as unknown as Db);
    });
    expect(inside).toBe(outside - shopsAdded);
    // Committed: the kept count outside follows.
    expect(await kept(ctx.db)).toBe(outside - shopsAdded);
  });
});

describe('kept pages', () => {
  const get = (url: string, token: string) =>
    ctx.call({ method: 'GET', url: `/api/v0${url}`, token });
  /** Shop A asks for `count` cups (a write between two reads). */
  const askForCups = async (count: number) => {
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/request_container/',
      payload: { containers: [{ container_type: 'cup', count }] },
      token: ctx.shopA.token,
    });
    expect(made.statusCode).toBe(201);
    return made;
  };

  it('shows a request made in between (through the other instance, with two) on the very next page read', async () => {
    const page = '/pack/container-requests/?order=newest&limit=5';
    for (let round = 0; round < 6; round++) {
      const before = await get(page, ctx.admin.token);
      expect(before.statusCode).toBe(200);
      expect((await get(page, ctx.admin.token)).json()).toEqual(before.json());
      const made = await askForCups(round + 1);
      const after = await get(page, ctx.admin.token);
      expect(after.json()[0].id).toBe(made.json().id);
      expect(Number(after.headers['x-total-count'])).toBe(
        Number(before.headers['x-total-count']) + 1,
      );
    }
  });

  it("shows the audit entry of a change made in between on the next audit page and the shop's activity", async () => {
    const page = '/audit?limit=5';
    const activity = '/shops/activity?limit=5';
    for (let round = 0; round < 3; round++) {
      const before = await get(page, ctx.admin.token);
      const ownBefore = await get(activity, ctx.shopA.token);
      expect(before.statusCode).toBe(200);
      expect((await get(page, ctx.admin.token)).json()).toEqual(before.json());
      expect((await get(activity, ctx.shopA.token)).json()).toEqual(ownBefore.json());
      const made = await askForCups(round + 1);
      const decided = await ctx.call({
        method: 'POST',
        url: `/api/v0/pack/containers/${made.json().id}/approve_or_deny/`,
        payload: { approved: false, reason: 'Not now' },
        token: ctx.admin.token,
      });
      expect(decided.statusCode).toBe(200);
      const after = await get(page, ctx.admin.token);
      expect(after.json()[0].action).toBe('request.deny');
      expect(after.json()[1].action).toBe('request.create');
      const own = await get(activity, ctx.shopA.token);
      expect(own.json()[0].action).toBe('request.deny');
      expect(Number(own.headers['x-total-count'])).toBe(
        Number(ownBefore.headers['x-total-count']) + 1,
      );
    }
  });

  it('shows a shop added through another connection on the next shop-list page', async () => {
    const page = '/shops/shop/?limit=3';
    const before = await get(page, ctx.admin.token);
    expect((await get(page, ctx.admin.token)).json()).toEqual(before.json());
    await addShop();
    const after = await get(page, ctx.admin.token);
    expect(after.json()[0].email).toBe(`kept${shopsAdded}@test.dev`);
    expect(Number(after.headers['x-total-count'])).toBe(
      Number(before.headers['x-total-count']) + 1,
    );
  });
});

describe('kept dashboard answers', () => {
  it('follow a lend made in between: the weekly figures and the stock by type', async () => {
    const weekly = '/pack/containers/loans_by_weekday/?tz=Europe/Paris';
    const stock = '/pack/containers/loans_and_packs_by_container_type/';
    const read = async () => {
      const [w, s] = await Promise.all([
        ctx.call({ method: 'GET', url: `/api/v0${weekly}`, token: ctx.shopA.token }),
        ctx.call({ method: 'GET', url: `/api/v0${stock}`, token: ctx.shopA.token }),
      ]);
      expect([w.statusCode, s.statusCode]).toEqual([200, 200]);
      return { weekly: w.json(), stock: s.json() };
    };
    for (let round = 0; round < 3; round++) {
      const codes = await addStock(writer, ctx.shopA.id, 'cup', 2);
      const before = await read();
      expect(await read()).toEqual(before);
      const lent = await ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/lend/',
        payload: { codes, client: `kept-client-${round}` },
        token: ctx.shopA.token,
      });
      expect(lent.statusCode).toBeLessThan(300);
      const after = await read();
      expect(after.weekly.total_loans).toBe(before.weekly.total_loans + 1);
      expect(after.weekly.loans_pack).toBe(before.weekly.loans_pack + 2);
      expect(after.weekly.users).toBe(before.weekly.users + 1);
      const week = (answer: { loans_by_weekday: Record<string, number> }) =>
        Object.values(answer.loans_by_weekday).reduce((a, b) => a + b, 0);
      expect(week(after.weekly)).toBe(week(before.weekly) + 1);
      expect(after.stock.loans_by_container_type.cup).toBe(
        before.stock.loans_by_container_type.cup + 2,
      );
      expect(after.stock.shop_packs_by_container_type.cup).toBe(
        before.stock.shop_packs_by_container_type.cup - 2,
      );
    }
  });
});
