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
