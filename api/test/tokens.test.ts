import { randomBytes, scryptSync } from 'node:crypto';

import { hashSync } from '@node-rs/argon2';

import { DEMO_ADMIN_HASH, DEMO_SHOP_HASH } from '../src/db/demo-data';
import { DUMMY_HASH, hashSecret, needsRehash, verifySecret } from '../src/lib/passwords';
import { PASSWORD, createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = async (email: string, password = PASSWORD) =>
  ctx.call({ method: 'POST', url: '/api/v0/shops/login/', payload: { email, password } });
const info = (token: string) => ctx.call({ method: 'GET', url: '/api/v0/shops/shop/info', token });
const logoutEverywhere = (token?: string) =>
  ctx.call({ method: 'POST', url: '/api/v0/shops/logout-everywhere/', token });

/** A hash as the API first wrote them: scrypt N=2^14, r=8, p=1, no parameters stored. */
function legacyHash(secret: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(secret, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash as the API wrote them before Argon2id: scrypt N=2^14, r=8, p=5 with its parameters. */
function scryptHash(secret: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(secret, salt, 32, { N: 16384, r: 8, p: 5, maxmem: 64 * 1024 * 1024 });
  return `scrypt$N=16384,r=8,p=5$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** An Argon2id hash at parameters other than today's. */
function weakerArgon2Hash(secret: string): string {
  return hashSync(secret, { memoryCost: 8192, timeCost: 1, parallelism: 1 });
}

describe('POST /shops/logout-everywhere', () => {
  it("revokes every token of the super admin, and only the super admin's", async () => {
    const first = (await login(ctx.admin.email)).json().access;
    const second = (await login(ctx.admin.email)).json().access;
    const res = await logoutEverywhere(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(401);
    expect((await info(ctx.shopA.token)).statusCode).toBe(200);
    const fresh = (await login(ctx.admin.email)).json().access;
    expect((await info(fresh)).statusCode).toBe(200);
  });

  it("revokes every token of the calling shop, and only that shop's", async () => {
    const token = (await login(ctx.shopB.email)).json().access;
    expect((await logoutEverywhere(token)).statusCode).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    expect((await info(ctx.shopA.token)).statusCode).toBe(200);
    expect((await info((await login(ctx.shopB.email)).json().access)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await logoutEverywhere();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v0/shops/logout-everywhere']?.post?.summary).toMatch(/sign out/i);
  });
});

describe('POST /shops/logout', () => {
  const logout = (token?: string) =>
    ctx.call({ method: 'POST', url: '/api/v0/shops/logout/', token });

  it('ends the token it is called with, and no other token of the account', async () => {
    const phone = (await login(ctx.shopA.email)).json().access;
    const laptop = (await login(ctx.shopA.email)).json().access;
    const res = await logout(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out.' });
    expect((await info(phone)).statusCode).toBe(401);
    expect((await logout(phone)).statusCode).toBe(401);
    expect((await info(laptop)).statusCode).toBe(200);
  });

  it('does the same for the super admin', async () => {
    const first = (await login(ctx.admin.email)).json().access;
    const second = (await login(ctx.admin.email)).json().access;
    expect((await logout(first)).statusCode).toBe(200);
    expect((await info(first)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(200);
  });

  it('keeps a revoked id only until its token would have expired', async () => {
    await ctx.db
      .insertInto('revoked_tokens')
      .values({ jti: 'long-expired-token-id', expires_at: Date.now() - 1000 })
      .execute();
    const token = (await login(ctx.shopB.email)).json().access;
    expect((await logout(token)).statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('revoked_tokens').selectAll().execute();
    expect(rows.map((row) => row.jti)).not.toContain('long-expired-token-id');
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(rows).toContainEqual({ jti: claims.jti, expires_at: claims.exp * 1000 });
  });

  it('answers 401 without a token', async () => {
    expect((await logout()).statusCode).toBe(401);
  });
});

describe('token lifetimes', () => {
  const lifetime = async (payload: object) => {
    const res = await ctx.call({ method: 'POST', url: '/api/v0/shops/login/', payload });
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().access.split('.')[1], 'base64url').toString());
    return claims.exp - claims.iat;
  };

  it('is a working day without Remember me, a week with it', async () => {
    const credentials = { email: ctx.shopA.email, password: PASSWORD };
    expect(await lifetime(credentials)).toBe(10 * 3600);
    expect(await lifetime({ ...credentials, remember_me: false })).toBe(10 * 3600);
    expect(await lifetime({ ...credentials, remember_me: true })).toBe(7 * 24 * 3600);
  });
});

describe('deactivation', () => {
  it("does not bring a shop's old tokens back when it is activated again", async () => {
    const token = (await login(ctx.shopA.email)).json().access;
    const change = (status: string) =>
      ctx.call({
        method: 'POST',
        url: '/api/v0/shops/change-shop-status/',
        token: ctx.admin.token,
        payload: { shop: ctx.shopA.id, new_status: status },
      });
    const adminToken = (await login(ctx.admin.email)).json().access;
    ctx.admin.token = adminToken;
    expect((await change('inactive')).statusCode).toBe(200);
    expect((await change('active')).statusCode).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    const fresh = (await login(ctx.shopA.email)).json().access;
    expect((await info(fresh)).statusCode).toBe(200);
    ctx.shopA.token = fresh;
  });
});

describe('password hashing', () => {
  it('uses Argon2id m=19 MiB, t=2, p=1 and stores the parameters in the hash', async () => {
    const hash = await hashSecret('some secret');
    expect(hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await verifySecret('some secret', hash)).toBe(true);
    expect(await verifySecret('other secret', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it.each([
    ['scrypt without parameters', legacyHash],
    ['scrypt N=2^14, r=8, p=5', scryptHash],
    ['Argon2id at other parameters', weakerArgon2Hash],
  ])('still verifies %s hashes, and marks them for upgrade', async (_name, make) => {
    const old = make('some secret');
    expect(await verifySecret('some secret', old)).toBe(true);
    expect(await verifySecret('other secret', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it.each([
    'scrypt$N=1048576,r=8,p=5$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'scrypt$N=1000,r=8,p=5$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'scrypt$N=16384,r=8$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    '$argon2id$v=19$m=1048576,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    '$argon2id$v=19$m=19456,t=2,p=1$AAAA',
    '$argon2i$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    'bcrypt$whatever',
    '',
  ])('rejects a malformed or out-of-range hash %p without throwing', async (stored) => {
    expect(await verifySecret('x', stored)).toBe(false);
  });

  it('upgrades an old hash at the next successful login, keeping the sessions', async () => {
    const before = (await login(ctx.shopB.email)).json().access;
    await ctx.db
      .updateTable('shops')
      .set({ password_hash: legacyHash(PASSWORD) })
      .where('id', '=', ctx.shopB.id)
      .execute();
    expect((await login(ctx.shopB.email, 'wrong-password')).statusCode).toBe(401);
    const stillOld = await ctx.db
      .selectFrom('shops')
      .select('password_hash')
      .where('id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    expect(needsRehash(stillOld.password_hash as string)).toBe(true);

    expect((await login(ctx.shopB.email)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('shops')
      .select('password_hash')
      .where('id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(ctx.shopB.email)).statusCode).toBe(200);
    expect((await info(before)).statusCode).toBe(200);
  });

  it("upgrades the super admin's old hash too", async () => {
    await ctx.db
      .updateTable('admins')
      .set({ password_hash: legacyHash(PASSWORD) })
      .where('id', '=', ctx.admin.id)
      .execute();
    expect((await login(ctx.admin.email)).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', ctx.admin.id)
      .executeTakeFirstOrThrow();
    expect(needsRehash(row.password_hash)).toBe(false);
  });

  it('verifies an unknown account against a well-formed hash at the current parameters', async () => {
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    expect(await verifySecret(PASSWORD, DUMMY_HASH)).toBe(false);
  });

  it('seeds the demo with precomputed hashes of the demo passwords at the current parameters', async () => {
    expect(needsRehash(DEMO_ADMIN_HASH)).toBe(false);
    expect(needsRehash(DEMO_SHOP_HASH)).toBe(false);
    expect(await verifySecret('admin12345', DEMO_ADMIN_HASH)).toBe(true);
    expect(await verifySecret('shop12345', DEMO_SHOP_HASH)).toBe(true);
  });
});
