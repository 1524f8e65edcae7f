import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';

import fc from 'fast-check';

import { ensureDemoData } from '../src/db/demo-data';
import { dueDayFigures } from '../src/db/migrations/20261126T1200-due-day-figures';
import { stripedAllShopsFigures } from '../src/db/migrations/20261126T1400-striped-all-shops-figures';
import { seed } from '../src/db/scale-seed';
import type { Db } from '../src/db/connect';
import { MAX_STALE_MS } from '../src/db/kept-reads';
import { systemAudit } from '../src/lib/audit';
import { ALL_SHOPS, keptFigures, recountFigures, type Recount } from '../src/repositories/figures';
import { lendContainers, returnContainers } from '../src/repositories/loans';
import { addStock, createTestContext, type TestContext } from './helpers';

/*
 * The kept per-shop due days and counters (due-days.ts) behind the shop
 * page, the shop list's figures and the league table (issue 32): equal to
 * a full recount after any mix of lends, returns, undos, write-offs and
 * approvals, under races, and after the migration fills them for existing
 * data; and the figures read from them equal the same figures counted from
 * the loans themselves, today and on later days with no write in between.
 */
const RUNS = Number(process.env.FIGURES_RUNS || 25);
const SEED = Number(process.env.FIGURES_SEED || 20261126);
const DAY = 24 * 3600e3;
const TYPES = ['cup', 'bowl', 'box'] as const;

let ctx: TestContext;
let clock = Date.parse('2025-05-20T10:00:00.000Z');
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.setNow(new Date(clock));
  for (const type of TYPES) {
    await addStock(ctx.db, ctx.shopA.id, type, 12);
    await addStock(ctx.db, ctx.shopB.id, type, 12);
    await addStock(ctx.db, null, type, 30);
  }
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token: string) =>
  ctx.call({ method: 'POST', url: `/api/v0${url}`, payload, token });
const get = (url: string, token: string) => ctx.call({ url: `/api/v0${url}`, token });
const dayOf = (at: number, days = 0) => new Date(at + days * DAY).toISOString().slice(0, 10);

async function expectKeptEqualsRecount(db: Db = ctx.db): Promise<Recount> {
  const [kept, recount] = await Promise.all([keptFigures(db), recountFigures(db)]);
  expect(Object.fromEntries(kept.counts)).toEqual(Object.fromEntries(recount.counts));
  expect(Object.fromEntries(kept.dueDays)).toEqual(Object.fromEntries(recount.dueDays));
  return kept;
}

/**
 * A shop's loan summary, return rate and list figures counted from its
 * loans and items, as the API counted them before the due days were kept.
 */
async function countedFromLoans(shopId: number, now: number) {
  const today = dayOf(now);
  const loans = await ctx.db
    .selectFrom('loans')
    .selectAll()
    .where('shop_id', '=', shopId)
    .execute();
  const items = await ctx.db
    .selectFrom('loan_items')
    .innerJoin('loans', 'loans.id', 'loan_items.loan_id')
    .select(['loan_items.returned_at', 'loans.due_date'])
    .where('loans.shop_id', '=', shopId)
    .execute();
  const lost = await ctx.db
    .selectFrom('containers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .where('lost_at', 'is not', null)
    .executeTakeFirstOrThrow();
  const open = loans.filter((l) => l.returned_date === null);
  const overdue = open.filter((l) => l.due_date !== null && l.due_date < today);
  const since = (days: number) => (l: { due_date: string | null }) =>
    (l.due_date as string) >= dayOf(now, -days);
  const held = (list: typeof loans) => list.reduce((sum, l) => sum + Number(l.held_cents), 0) / 100;
  const window = (from: string, to: string) => {
    const due = items.filter((i) => i.due_date !== null && i.due_date >= from && i.due_date <= to);
    const onTime = due.filter(
      (i) => i.returned_at !== null && i.returned_at.slice(0, 10) <= (i.due_date as string),
    ).length;
    return { fell_due: due.length, on_time: onTime, rate: due.length ? onTime / due.length : null };
  };
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const start = dayOf(now, -7 * (12 - i));
    const end = dayOf(now, -7 * (12 - i) + 6);
    return { start, end, ...window(start, end) };
  });
  return {
    summary: {
      open: open.length,
      overdue: overdue.length,
      due_soon: open.filter(
        (l) => l.due_date !== null && l.due_date >= today && l.due_date <= dayOf(now, 3),
      ).length,
      no_due_date: open.filter((l) => l.due_date === null).length,
      ageing: {
        '1-7': overdue.filter(since(7)).length,
        '8-14': overdue.filter((l) => !since(7)(l) && since(14)(l)).length,
        '15-30': overdue.filter((l) => !since(14)(l) && since(30)(l)).length,
        '31+': overdue.filter((l) => !since(30)(l)).length,
      },
      held_open: held(open),
      held_overdue: held(overdue),
      lost: Number(lost.n),
    },
    returnRate: {
      weeks,
      last_4_weeks: window(dayOf(now, -28), dayOf(now, -1)),
      last_12_weeks: window(dayOf(now, -84), dayOf(now, -1)),
    },
  };
}

interface Figures {
  id: number;
  overdue: number;
  fell_due_4w: number;
  return_rate_4w: number | null;
}

/**
 * A read through recentRead (the shop page, every shop's figures), asked
 * twice. First as the panel asks after a live event (`Cache-Control:
 * no-cache`): read as of now, it must match at once. Then as any other
 * call asks: a costly read may be answered up to MAX_STALE_MS old after a
 * write, but the fresh read just made is the newest value, so this one
 * matches at once too unless the kept value is wrong (kept under the wrong
 * key, or not replaced); it is polled for MAX_STALE_MS before the caller
 * asserts what it got. Without the fresh read first, every check after a
 * write waited for the background re-read, a second or two each time.
 */
async function settled<T>(url: string, matches: (body: T) => boolean): Promise<T> {
  const fresh = await ctx.call({
    url: `/api/v0${url}`,
    token: ctx.admin.token,
    headers: { 'cache-control': 'no-cache' },
  });
  expect(matches(fresh.json() as T)).toBe(true);
  const until = Date.now() + MAX_STALE_MS + 1000;
  for (;;) {
    const body = (await get(url, ctx.admin.token)).json() as T;
    if (matches(body) || Date.now() > until) return body;
    await sleep(100);
  }
}

/** The API's figures of both shops equal those counted from the loans, at `now`. */
async function expectReadsEqualCounted(now: number): Promise<void> {
  ctx.setNow(new Date(now));
  const counted = new Map<number, Awaited<ReturnType<typeof countedFromLoans>>>();
  for (const shop of [ctx.shopA, ctx.shopB])
    counted.set(shop.id, await countedFromLoans(shop.id, now));
  const listed = (shopId: number) => {
    const { summary, returnRate } = counted.get(shopId)!;
    return {
      overdue: summary.overdue,
      fell_due_4w: returnRate.last_4_weeks.fell_due,
      return_rate_4w: returnRate.last_4_weeks.rate,
    };
  };
  const { shops: figures } = await settled<{ shops: Figures[] }>('/pack/shops/figures', (body) =>
    [ctx.shopA, ctx.shopB].every((shop) => {
      const all = body.shops;
      const found = all.find((f) => f.id === shop.id);
      const want = listed(shop.id);
      return (
        found?.overdue === want.overdue &&
        found.fell_due_4w === want.fell_due_4w &&
        found.return_rate_4w === want.return_rate_4w
      );
    }),
  );
  for (const shop of [ctx.shopA, ctx.shopB]) {
    expect(figures.find((f) => f.id === shop.id)).toMatchObject(listed(shop.id));
    const { summary, returnRate } = counted.get(shop.id)!;
    expect((await get('/pack/containers/loans/summary', shop.token)).json()).toEqual(summary);
    expect((await get('/pack/containers/return_rate', shop.token)).json()).toEqual(returnRate);
    const overview = await settled<{ loans: unknown; return_rate: unknown }>(
      `/pack/shops/${shop.id}/overview`,
      (body) =>
        isDeepStrictEqual(body.loans, summary) && isDeepStrictEqual(body.return_rate, returnRate),
    );
    expect(overview.loans).toEqual(summary);
    expect(overview.return_rate).toEqual(returnRate);
  }
}

type Op =
  | { kind: 'lend'; shop: 0 | 1; count: number; due: number | null; pick: number }
  | { kind: 'return'; shop: 0 | 1; picks: number[] }
  | { kind: 'undo'; shop: 0 | 1 }
  | { kind: 'writeOff'; shop: 0 | 1; pick: number; all: boolean }
  | { kind: 'approve'; shop: 0 | 1; type: string; count: number; give: number | null }
  | { kind: 'clock'; minutes: number };

const shop = fc.constantFrom<0 | 1>(0, 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('lend' as const),
      shop,
      count: fc.integer({ min: 1, max: 3 }),
      // Due dates before, on and after today, or none.
      due: fc.option(fc.integer({ min: -40, max: 20 }), { freq: 4 }),
      pick: fc.nat(),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      shop,
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('undo' as const), shop }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('writeOff' as const),
      shop,
      pick: fc.nat(),
      all: fc.boolean(),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('approve' as const),
      shop,
      type: fc.constantFrom(...TYPES),
      count: fc.integer({ min: 1, max: 4 }),
      give: fc.option(fc.integer({ min: 1, max: 4 })),
    }),
    weight: 1,
  },
  {
    // Seconds (an undo in its minute) to days, so returns land before, on and after due dates.
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      minutes: fc.oneof(fc.constant(0.5), fc.integer({ min: 60, max: 6 * 1440 })),
    }),
    weight: 2,
  },
);

const pickFrom = <T>(list: T[], index: number): T | undefined =>
  list.length === 0 ? undefined : list[index % list.length];

async function apply(step: Op): Promise<void> {
  const shops = [ctx.shopA, ctx.shopB];
  const who = shops[step.kind === 'clock' ? 0 : step.shop]!;
  switch (step.kind) {
    case 'lend': {
      const stock = await ctx.db
        .selectFrom('containers')
        .select('code')
        .where('shop_id', '=', who.id)
        .where('loan_id', 'is', null)
        .where('lost_at', 'is', null)
        .orderBy('id')
        .execute();
      const start = stock.length ? step.pick % stock.length : 0;
      const codes = stock.slice(start, start + step.count).map((c) => c.code);
      if (codes.length === 0) return;
      const due = step.due === null ? null : dayOf(clock, step.due);
      const res = await post(
        '/pack/containers/lend',
        { codes, client: 'c', due_date: due },
        who.token,
      );
      expect(res.statusCode).toBe(201);
      return;
    }
    case 'return': {
      // Any shop's containers out: a shop may take back another's.
      const out = await ctx.db
        .selectFrom('containers')
        .select('code')
        .where('loan_id', 'is not', null)
        .orderBy('id')
        .execute();
      const codes = [...new Set(step.picks.map((p) => pickFrom(out, p)?.code))].filter(
        (c): c is string => c !== undefined,
      );
      if (codes.length === 0) return;
      expect((await post('/pack/containers/return', { codes }, who.token)).statusCode).toBe(200);
      return;
    }
    case 'undo': {
      const recent = await ctx.db
        .selectFrom('loan_items')
        .innerJoin('containers', 'containers.id', 'loan_items.container_id')
        .select(['containers.code', 'containers.loan_id', 'containers.shop_id'])
        .where('loan_items.returned_shop_id', '=', who.id)
        .where('loan_items.returned_at', '>=', new Date(clock - 60_000).toISOString())
        .execute();
      const codes = recent
        .filter((r) => r.loan_id === null && r.shop_id === who.id)
        .map((r) => r.code);
      if (codes.length === 0) return;
      // 409 when a container went out again meanwhile: then nothing may change.
      const res = await post('/pack/containers/return/undo', { codes }, who.token);
      expect([200, 409]).toContain(res.statusCode);
      return;
    }
    case 'writeOff': {
      const out = await ctx.db
        .selectFrom('containers')
        .innerJoin('loans', 'loans.id', 'containers.loan_id')
        .select(['containers.code', 'loans.id'])
        .where('loans.shop_id', '=', who.id)
        .orderBy('containers.id')
        .execute();
      const chosen = pickFrom(out, step.pick);
      if (!chosen) return;
      const codes = out
        .filter((c) => c.id === chosen.id)
        .map((c) => c.code)
        .slice(0, step.all ? undefined : 1);
      const res = await post(
        `/pack/containers/loans/${chosen.id}/lost`,
        { codes, reason: 'Broken' },
        who.token,
      );
      expect(res.statusCode).toBe(200);
      return;
    }
    case 'approve': {
      const asked = await post(
        '/pack/containers/request_container',
        { containers: [{ container_type: step.type, count: step.count }] },
        who.token,
      );
      expect(asked.statusCode).toBe(201);
      const give = step.give === null ? undefined : Math.min(step.give, step.count);
      const res = await post(
        `/pack/containers/${asked.json().id}/approve_or_deny`,
        { approved: true, reason: 'admin', ...(give === undefined ? {} : { quantities: [give] }) },
        ctx.admin.token,
      );
      // 409 once the warehouse runs short: nothing moves then.
      expect([200, 409]).toContain(res.statusCode);
      return;
    }
    case 'clock':
      clock += step.minutes * 60e3;
      ctx.setNow(new Date(clock));
      return;
  }
}

it('keeps the due days and counters equal to a recount, and the reads equal to the loans, as days pass', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
      for (const step of ops) await apply(step);
      await expectKeptEqualsRecount();
      // Time passes with no write: loans fall overdue, age and fall due.
      for (const later of [0, 1, 8, 29]) await expectReadsEqualCounted(clock + later * DAY);
      ctx.setNow(new Date(clock));
    }),
    { numRuns: RUNS, seed: SEED },
  );
  const [loans, items] = await Promise.all([
    ctx.db.selectFrom('loans').select(['returned_date', 'due_date']).execute(),
    ctx.db.selectFrom('loan_items').select(['returned_at', 'lost_at']).execute(),
  ]);
  // The sequences reached the interesting states.
  expect(loans.some((l) => l.returned_date === null && l.due_date !== null)).toBe(true);
  expect(loans.some((l) => l.returned_date !== null && l.due_date !== null)).toBe(true);
  expect(items.some((i) => i.lost_at !== null)).toBe(true);
}, 300_000);

it('stays equal to a recount under 20 parallel lends and returns of one shop on two pools', async () => {
  // On PostgreSQL a second pool, as a second API process has; SQLite's one connection serialises them.
  const other = ctx.kind === 'postgres' ? ctx.another() : ctx.db;
  const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', 40);
  const due = dayOf(clock, 2);
  // 10 loans out first, so that returns race with the lends.
  for (const code of codes.slice(0, 10)) {
    await lendContainers(ctx.db, systemAudit(), ctx.shopA, {
      codes: [code],
      client: 'r',
      dueDate: due,
    });
  }
  for (let round = 0; round < 3; round++) {
    const lent = codes.slice(10 + round * 10, 20 + round * 10);
    const back = round === 0 ? codes.slice(0, 10) : codes.slice(round * 10, 10 + round * 10);
    await Promise.all([
      ...lent.map((code, i) =>
        i % 2 === 0
          ? post(
              '/pack/containers/lend',
              { codes: [code], client: 'r', due_date: due },
              ctx.shopA.token,
            )
          : lendContainers(other, systemAudit(), ctx.shopA, {
              codes: [code],
              client: 'r',
              dueDate: due,
            }),
      ),
      ...back.map((code, i) =>
        i % 2 === 0
          ? post('/pack/containers/return', { codes: [code] }, ctx.shopA.token)
          : returnContainers(other, systemAudit(), ctx.shopA, [code]),
      ),
    ]);
    const kept = await expectKeptEqualsRecount();
    expect(kept.dueDays.get(`${ctx.shopA.id}/${due}`)).toBeDefined();
  }
  if (ctx.kind === 'postgres') {
    // The all-shops counters were spread over the writers' slots (and summed above).
    const slots = await ctx.db
      .selectFrom('kept_counts')
      .select('slot')
      .distinct()
      .where('scope', '=', ALL_SHOPS)
      .where('name', '=', 'loans')
      .execute();
    expect(slots.length).toBeGreaterThan(1);
  }
});

describe('the migration 20261126T1200-due-day-figures', () => {
  it('fills the due days and counters of existing data (the demo, a scale seed) as a recount does', async () => {
    await ensureDemoData(ctx.db);
    await seed(ctx.db, ctx.kind, {
      scale: { shops: 12, loans: 3_000, requests: 24 },
      shopLoans: [{ email: ctx.shopB.email, loans: 400 }],
    });
    const before = await expectKeptEqualsRecount();
    const migration = dueDayFigures(ctx.kind);
    await migration.down?.(ctx.db);
    await migration.up(ctx.db);
    const after = await expectKeptEqualsRecount();
    expect(after.dueDays).toEqual(before.dueDays);
    expect(after.counts).toEqual(before.counts);
    expect(after.dueDays.size).toBeGreaterThan(100);
  });
});

describe('the migration 20261126T1400-striped-all-shops-figures', () => {
  it('keeps every figure when undone and done again, the slots summed into one row and back', async () => {
    const before = await expectKeptEqualsRecount();
    const migration = stripedAllShopsFigures(ctx.kind);
    await migration.down?.(ctx.db);
    await migration.up(ctx.db);
    const after = await expectKeptEqualsRecount();
    expect(after.counts).toEqual(before.counts);
    expect(after.rollups).toEqual(before.rollups);
    expect(after.counts.size).toBeGreaterThan(10);
  });
});

it("answers every shop's figures from the last read right after a write, and the write's within MAX_STALE_MS", async () => {
  ctx.setNow(null);
  const overdueOfA = async () => {
    const { shops } = (await get('/pack/shops/figures', ctx.admin.token)).json() as {
      shops: Figures[];
    };
    return shops.find((f) => f.id === ctx.shopA.id)?.overdue;
  };
  const before = await overdueOfA();
  const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
  const lent = await post(
    '/pack/containers/lend',
    { codes: [code], client: 'late', due_date: dayOf(Date.now(), -3) },
    ctx.shopA.token,
  );
  expect(lent.statusCode).toBe(201);
  // Costly whatever it took (a read over every shop): not read again per write.
  expect(await overdueOfA()).toBe(before);
  const until = Date.now() + MAX_STALE_MS + 1000;
  while ((await overdueOfA()) !== (before as number) + 1) {
    expect(Date.now()).toBeLessThan(until);
    await sleep(100);
  }
});
