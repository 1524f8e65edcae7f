import fc from 'fast-check';

import { keptFigures, recountFigures } from '../src/repositories/figures';
import { addStock, createTestContext, multipart, type TestContext } from './helpers';

/**
 * The kept figures (counters, 15-minute rollups, due days) must equal a full recount
 * of the tables after any sequence of the calls that change them, the
 * refused ones included (a 409 must leave every counter as it was). One
 * database per file: the invariant holds at every point, so the sequences
 * run one after another on the state the previous ones left.
 */
const RUNS = Number(process.env.FIGURES_RUNS || 30);
const SEED = Number(process.env.FIGURES_SEED || 20261122);
const TYPES = ['bottle', 'bowl', 'box', 'cup'] as const;
const CLIENTS = ['ana', 'ben', 'chloe', 'dev', 'eli'] as const;
const DAY = 24 * 3600e3;

type Op =
  | { kind: 'generate'; type: string; count: number }
  | { kind: 'request'; shop: 0 | 1; type: string; count: number }
  | { kind: 'decide'; pick: number; approved: boolean }
  | { kind: 'lend'; shop: 0 | 1; picks: number[]; likely: boolean; client: string }
  | { kind: 'return'; shop: 0 | 1; picks: number[]; likely: boolean }
  | { kind: 'register' }
  | { kind: 'status'; pick: number; active: boolean }
  | { kind: 'clock'; minutes: number };

const type = fc.constantFrom(...TYPES);
const shop = fc.constantFrom<0 | 1>(0, 1);
const picks = fc.array(fc.nat(10_000), { minLength: 1, maxLength: 3 });
// Mostly codes the call can take (the shop's stock, containers out), sometimes any code (409s).
const likely = fc.constantFrom(true, true, true, false);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('generate' as const),
    type,
    count: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    kind: fc.constant('request' as const),
    shop,
    type,
    count: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approved: fc.boolean() }),
  fc.record({
    kind: fc.constant('lend' as const),
    shop,
    picks,
    likely: likely,
    client: fc.constantFrom(...CLIENTS),
  }),
  fc.record({ kind: fc.constant('return' as const), shop, picks, likely }),
  fc.record({ kind: fc.constant('register' as const) }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), active: fc.boolean() }),
  // Moves the clock by up to 3 days either way, so loans land in many buckets and days.
  fc.record({
    kind: fc.constant('clock' as const),
    minutes: fc.integer({ min: -4320, max: 4320 }),
  }),
);

let ctx: TestContext;
let clock = Date.parse('2025-03-12T12:00:00.000Z');
let registered = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const type of TYPES) {
    await addStock(ctx.db, ctx.shopA.id, type, 5);
    await addStock(ctx.db, ctx.shopB.id, type, 5);
  }
});
afterAll(() => ctx.close());

function pickFrom<T>(list: T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

async function apply(step: Op): Promise<void> {
  const { admin, shopA, shopB } = ctx;
  const shops = [shopA, shopB];
  const post = (url: string, payload: object, token: string) =>
    ctx.call({ method: 'POST', url: `/api/v0${url}`, payload, token });
  switch (step.kind) {
    case 'generate':
      await post(
        '/pack/containers/generate_codes',
        { country: 'Spain', type: step.type, count: step.count },
        admin.token,
      );
      return;
    case 'request':
      await post(
        '/pack/containers/request_container',
        { containers: [{ container_type: step.type, count: step.count }] },
        shops[step.shop]!.token,
      );
      return;
    case 'decide': {
      // Any request, decided or not: a second decision must change nothing.
      const ids = await ctx.db
        .selectFrom('container_requests')
        .select('id')
        .orderBy('id')
        .execute();
      const request = pickFrom(ids, step.pick);
      if (request)
        await post(
          `/pack/containers/${request.id}/approve_or_deny`,
          { approved: step.approved, reason: 'test' },
          admin.token,
        );
      return;
    }
    case 'lend':
    case 'return': {
      let query = ctx.db.selectFrom('containers').select('code').orderBy('id');
      if (step.likely)
        query =
          step.kind === 'lend'
            ? query.where('shop_id', '=', shops[step.shop]!.id).where('loan_id', 'is', null)
            : query.where('loan_id', 'is not', null);
      const codes = await query.execute();
      const chosen = [
        ...new Set(step.picks.map((p) => pickFrom(codes, p)?.code).filter((c) => c !== undefined)),
      ];
      if (chosen.length === 0) return;
      if (step.kind === 'lend')
        await post(
          '/pack/containers/lend',
          { codes: chosen, client: step.client },
          shops[step.shop]!.token,
        );
      else await post('/pack/containers/return', { codes: chosen }, shops[step.shop]!.token);
      return;
    }
    case 'register': {
      registered += 1;
      const form = multipart({
        name: `Shop ${registered}`,
        email: `new${registered}@test.dev`,
        phone: '+1 555 0199',
      });
      await ctx.call({ method: 'POST', url: '/api/v0/shops/register', ...form });
      return;
    }
    case 'status': {
      // Never shop A or B: deactivating them would revoke the tokens the sequence uses.
      const ids = await ctx.db
        .selectFrom('shops')
        .select('id')
        .where('id', 'not in', [shopA.id, shopB.id])
        .orderBy('id')
        .execute();
      const target = pickFrom(ids, step.pick);
      if (target)
        await post(
          '/shops/change-shop-status',
          { shop: target.id, new_status: step.active ? 'active' : 'inactive' },
          admin.token,
        );
      return;
    }
    case 'clock':
      clock = Math.max(clock - 20 * DAY, clock + step.minutes * 60e3);
      ctx.setNow(new Date(clock));
      return;
  }
}

it('keeps every counter and rollup equal to a full recount after random call sequences', async () => {
  ctx.setNow(new Date(clock));
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
      for (const step of ops) await apply(step);
      const [kept, recount] = await Promise.all([keptFigures(ctx.db), recountFigures(ctx.db)]);
      expect(Object.fromEntries(kept.counts)).toEqual(Object.fromEntries(recount.counts));
      expect(Object.fromEntries(kept.rollups)).toEqual(Object.fromEntries(recount.rollups));
      expect(Object.fromEntries(kept.dueDays)).toEqual(Object.fromEntries(recount.dueDays));
    }),
    { numRuns: RUNS, seed: SEED },
  );
  // The sequences did reach the interesting states.
  const loans = await ctx.db.selectFrom('loans').select(['id', 'returned_date']).execute();
  expect(loans.length).toBeGreaterThan(20);
  expect(loans.some((l) => l.returned_date !== null)).toBe(true);
}, 120_000);
