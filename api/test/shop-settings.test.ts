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
    expect(res.json()).toEqual({ loan_days: 14 });
  });

  it("sets the shop's own period and no other's", async () => {
    const res = await write({ loan_days: 21 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loan_days: 21 });
    expect((await read()).json()).toEqual({ loan_days: 21 });
    expect((await read(ctx.shopB.token)).json()).toEqual({ loan_days: 14 });
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
