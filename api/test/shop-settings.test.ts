import { createTestContext, type TestContext } from './helpers';

// A shop's loan period: the lend form's proposed due date (issue 29).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const read = (token = ctx.shopA.token) =>
  ctx.call({ method: 'GET', url: '/api/v0/shops/settings', token });
const write = (payload: unknown, token = ctx.shopA.token) =>
  ctx.call({ method: 'PUT', url: '/api/v0/shops/settings/', token, payload: payload as object });

describe('shop settings', () => {
  it('starts with a 14-day loan period', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loan_days: 14, stock_minimums: {} });
  });

  it("sets the shop's own period and no other's", async () => {
    const res = await write({ loan_days: 21 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loan_days: 21, stock_minimums: {} });
    expect((await read()).json()).toEqual({ loan_days: 21, stock_minimums: {} });
    expect((await read(ctx.shopB.token)).json()).toEqual({ loan_days: 14, stock_minimums: {} });
  });

  it.each([[0], [366], [-3]])('refuses %p with a sentence and changes nothing', async (value) => {
    const before = (await read()).json() as unknown;
    const res = await write({ loan_days: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The loan period is a whole number of days from 1 to 365.',
      loan_days: ['The loan period is a whole number of days from 1 to 365.'],
    });
    expect((await read()).json()).toEqual(before);
  });

  it.each([[2.5], ['7'], [true], [null]])('refuses %p, not coerced', async (value) => {
    const before = (await read()).json() as unknown;
    expect((await write({ loan_days: value })).statusCode).toBe(400);
    expect((await read()).json()).toEqual(before);
  });

  it('is for shops only', async () => {
    expect((await read(ctx.admin.token)).statusCode).toBe(403);
  });
});

// A minimum free stock per container type, for the dashboard's stock alert (issue 31).
describe('stock minimums', () => {
  it('sets the whole set, keeps the loan period, and drops zeros and left-out types', async () => {
    const days = ((await read()).json() as { loan_days: number }).loan_days;
    const set = await write({ stock_minimums: { cup: 20, bottle: 5 } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ loan_days: days, stock_minimums: { bottle: 5, cup: 20 } });
    const replaced = await write({ stock_minimums: { cup: 0, bottle: 9999 } });
    expect(replaced.json()).toEqual({ loan_days: days, stock_minimums: { bottle: 9999 } });
    expect((await read()).json()).toEqual({ loan_days: days, stock_minimums: { bottle: 9999 } });
    expect(
      ((await read(ctx.shopB.token)).json() as { stock_minimums: object }).stock_minimums,
    ).toEqual({});
  });

  it('leaves the minimums alone when only the loan period is sent', async () => {
    await write({ stock_minimums: { cup: 3 } });
    const res = await write({ loan_days: 10 });
    expect(res.json()).toEqual({ loan_days: 10, stock_minimums: { cup: 3 } });
  });

  it.each([
    [{ cup: 10000 }, 'A minimum stock is a whole number from 0 to 9999.'],
    [{ cup: -1 }, 'A minimum stock is a whole number from 0 to 9999.'],
    [{ teapot: 4 }, 'Unknown container type: teapot'],
  ])('refuses %p with a sentence and changes nothing', async (minimums, text) => {
    await write({ loan_days: 12, stock_minimums: { cup: 3 } });
    const res = await write({ loan_days: 30, stock_minimums: minimums });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: text, stock_minimums: [text] });
    expect((await read()).json()).toEqual({ loan_days: 12, stock_minimums: { cup: 3 } });
  });

  it.each([[{ cup: 2.5 }], [{ cup: '4' }], [[4]], [null]])(
    'refuses %p, not coerced',
    async (value) => {
      const before = (await read()).json() as unknown;
      expect((await write({ stock_minimums: value })).statusCode).toBe(400);
      expect((await read()).json()).toEqual(before);
    },
  );
});
