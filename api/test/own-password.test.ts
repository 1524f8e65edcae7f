import { verifyToken } from '../src/lib/jwt';
import { JWT_SECRET, PASSWORD, createTestContext, type TestContext } from './helpers';

// A logged-in shop changes its own password (issue 31).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const change = (payload: object, token: string) =>
  ctx.call({ method: 'POST', url: '/api/v0/shops/change-own-password', token, payload });

const login = (password: string, remember = false) =>
  ctx.call({
    method: 'POST',
    url: '/api/v0/shops/login/',
    payload: { email: ctx.shopB.email, password, remember_me: remember },
  });

async function tokenOf(password: string, remember = false): Promise<string> {
  const res = await login(password, remember);
  expect(res.statusCode).toBe(200);
  return (res.json() as { access: string }).access;
}

const info = (token: string) => ctx.call({ url: '/api/v0/shops/shop/info', token });

describe('changing its own password', () => {
  it('refuses a wrong current password with a sentence, and changes nothing', async () => {
    const token = await tokenOf(PASSWORD);
    const res = await change(
      { current_password: 'not-the-one', new_password: 'brand-new-1' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'The current password is not right.',
      current_password: ['The current password is not right.'],
    });
    expect((await info(token)).statusCode).toBe(200);
    expect((await login(PASSWORD)).statusCode).toBe(200);
  });

  it.each([['short'], ['   seven  ']])(
    'refuses a new password of fewer than 8 characters (%p)',
    async (next) => {
      const token = await tokenOf(PASSWORD);
      const res = await change({ current_password: PASSWORD, new_password: next }, token);
      expect(res.statusCode).toBe(400);
      expect((await login(PASSWORD)).statusCode).toBe(200);
    },
  );

  it('changes it, ends the other sessions, and hands this one a token expiring as the old one would', async () => {
    const remembered = await tokenOf(PASSWORD, true);
    const other = await tokenOf(PASSWORD);
    const res = await change(
      { current_password: PASSWORD, new_password: 'brand-new-1' },
      remembered,
    );
    expect(res.statusCode).toBe(200);
    const { access } = res.json() as { access: string };
    expect((await info(remembered)).statusCode).toBe(401);
    expect((await info(other)).statusCode).toBe(401);
    expect((await info(access)).statusCode).toBe(200);
    const before = verifyToken(remembered, JWT_SECRET);
    const after = verifyToken(access, JWT_SECRET);
    expect(after?.kind).toBe('shop');
    expect(Math.abs((after?.exp ?? 0) - (before?.exp ?? 0))).toBeLessThanOrEqual(2);
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login('brand-new-1')).statusCode).toBe(200);
    // Back to the shared password for the other tests.
    const back = await change({ current_password: 'brand-new-1', new_password: PASSWORD }, access);
    expect(back.statusCode).toBe(200);
  });

  it('is for shops: the super admin gets 403', async () => {
    const res = await change(
      { current_password: PASSWORD, new_password: 'brand-new-1' },
      ctx.admin.token,
    );
    expect(res.statusCode).toBe(403);
  });
});
