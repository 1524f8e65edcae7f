import { createTestContext, type TestContext } from './helpers';

/**
 * Issue 28, item 7: a wrong reset code answered with `tries_left` for a real
 * account and without it for an unknown e-mail, which told them apart.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WRONG_CODE = '000000';

async function askForCode(email: string): Promise<void> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v0/shops/forget-password/',
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
}

async function tryWrongCode(email: string) {
  // A code of the real account's, made wrong: 000000 could be the one sent.
  const sent = ctx.mail.at(-1)?.text.match(/\d{6}/)?.[0];
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v0/shops/reset-password/',
    payload: {
      email,
      reset_code: sent === WRONG_CODE ? '111111' : WRONG_CODE,
      new_password: 'a-new-password',
    },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** The body's keys and the type of each value: its shape. */
const shapeOf = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value]));

describe('a wrong reset code', () => {
  it('answers a real account and an unknown e-mail with the same status and body shape', async () => {
    await askForCode(ctx.shopA.email);
    await askForCode('nobody@test.dev');
    const real = await tryWrongCode(ctx.shopA.email);
    const unknown = await tryWrongCode('nobody@test.dev');
    expect(real.status).toBe(400);
    expect(unknown.status).toBe(real.status);
    expect(shapeOf(unknown.body)).toEqual(shapeOf(real.body));
    expect(unknown.body.error).toBe(real.body.error);
    expect(real.body).toMatchObject({ tries_left: 4 });
  });

  it('answers a real account that asked for no code with the same shape', async () => {
    const res = await tryWrongCode(ctx.shopB.email);
    expect(res.status).toBe(400);
    expect(shapeOf(res.body)).toEqual({ error: 'string', tries_left: 'number' });
    expect(res.body.tries_left).toBe(0);
  });
});

describe('an e-mail without an account', () => {
  it('counts its tries exactly as a real account does, down to the 429', async () => {
    // Shop B and an unknown e-mail, each after asking for a code.
    await askForCode(ctx.shopB.email);
    await askForCode('ghost@test.dev');
    const answers = async (email: string) => {
      const seen: Array<[number, unknown]> = [];
      for (let i = 0; i < 6; i++) {
        const { status, body } = await tryWrongCode(email);
        seen.push([status, body.tries_left]);
      }
      return seen;
    };
    const real = await answers(ctx.shopB.email);
    const unknown = await answers('ghost@test.dev');
    expect(real).toEqual([
      [400, 4],
      [400, 3],
      [400, 2],
      [400, 1],
      [400, 0],
      [429, undefined],
    ]);
    expect(unknown).toEqual(real);
  });

  it('sends one mail for a retried forget-password call', async () => {
    const before = ctx.mail.length;
    const send = () =>
      ctx.call({
        method: 'POST',
        url: '/api/v0/shops/forget-password/',
        headers: { 'idempotency-key': 'forgot-1' },
        payload: { email: ctx.shopA.email },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect(ctx.mail.length).toBe(before + 1);
  });
});
