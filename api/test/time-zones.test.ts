import { addStock, createTestContext, type TestContext } from './helpers';

/**
 * loans_by_weekday?tz=: the last 7 days are the zone's local days, summed
 * from the 15-minute UTC rollups. The clock is pinned to Wednesday
 * 2025-03-12 12:00 UTC; Los Angeles moved to summer time on Sunday the 9th.
 */
let ctx: TestContext;
const NOW = new Date('2025-03-12T12:00:00.000Z');
const GIVEN = [
  '2025-03-12T02:00:00.000Z', // Tue 19:00 in LA, Wed 11:00 in Tokyo
  '2025-03-11T16:00:00.000Z', // Tue 09:00 in LA, Wed 01:00 in Tokyo
  '2025-03-05T20:00:00.000Z', // before the week in UTC and LA, Thu 05:00 in Tokyo
  '2025-03-09T07:30:00.000Z', // Sat 23:30 in LA (winter time), Sun in UTC and Tokyo
  '2025-03-09T08:30:00.000Z', // Sun 00:30 in LA, before the 2 am change
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const week = (counts: Record<string, number>) => ({
  ...Object.fromEntries(WEEKDAYS.map((d) => [d, 0])),
  ...counts,
});

beforeAll(async () => {
  ctx = await createTestContext();
  const codes = await addStock(ctx.db, ctx.shopA.id, 'cup', GIVEN.length);
  for (const [i, given] of GIVEN.entries()) {
    ctx.setNow(new Date(given));
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/lend',
      payload: { codes: [codes[i]], client: `client-${i}` },
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(201);
  }
  ctx.setNow(NOW);
});
afterAll(() => ctx.close());

const weekly = async (token: string, tz?: string) => {
  const res = await ctx.call({
    method: 'GET',
    url: `/api/v0/pack/containers/loans_by_weekday${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`,
    token,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

it.each([
  [undefined, { Tuesday: 1, Wednesday: 1, Sunday: 2 }],
  ['UTC', { Tuesday: 1, Wednesday: 1, Sunday: 2 }],
  ['America/Los_Angeles', { Tuesday: 2, Saturday: 1, Sunday: 1 }],
  ['Asia/Tokyo', { Wednesday: 2, Thursday: 1, Sunday: 2 }],
])('counts the days of %s for the shop and the super admin', async (tz, counts) => {
  for (const token of [ctx.shopA.token, ctx.admin.token]) {
    const { status, body } = await weekly(token, tz);
    expect(status).toBe(200);
    expect(body.loans_by_weekday).toEqual(week(counts));
  }
});

/** The same figures counted one loan at a time with Intl, for zones with odd offsets. */
it.each(['Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'Pacific/Kiritimati'])(
  'agrees with a loan-by-loan count in %s',
  async (tz) => {
    const localDate = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: tz });
    const today = new Date(`${localDate(NOW)}T00:00:00Z`);
    const days = Array.from({ length: 7 }, (_, back) =>
      new Date(today.getTime() - back * 24 * 3600e3).toISOString().slice(0, 10),
    );
    const expected: Record<string, number> = {};
    for (const given of GIVEN) {
      const day = localDate(new Date(given));
      if (!days.includes(day)) continue;
      const weekday = WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7] as string;
      expected[weekday] = (expected[weekday] ?? 0) + 1;
    }
    const { status, body } = await weekly(ctx.shopA.token, tz);
    expect(status).toBe(200);
    expect(body.loans_by_weekday).toEqual(week(expected));
  },
);

it.each(['Mars/Olympus_Mons', '../etc/passwd', 'x'.repeat(65), ''])(
  'answers 400 with {error} for the time zone %j',
  async (tz) => {
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v0/pack/containers/loans_by_weekday?tz=${encodeURIComponent(tz)}`,
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  },
);
