import { createHash } from 'node:crypto';

import { findMedia, mediaName } from '../src/repositories/media';
import type { AuditEntry } from '../src/schemas/audit';
import { PNG, createTestContext, multipart, type TestContext } from './helpers';

// The audit log's profile and release entries (issue 33): a profile change
// records the fields it changed with before and after (the logo as a hash),
// in its own transaction; a release action reported with the controller's
// secret records its actor and reason; a refused change records nothing.
const CONTROLLER = 'controller-secret-for-audit';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ releaseControllerToken: CONTROLLER });
});
afterAll(() => ctx.close());

async function lastId(): Promise<number> {
  const row = await ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function entriesOf(action: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = await lastId();
  await action();
  const res = await ctx.call({
    method: 'GET',
    url: '/api/v0/audit?limit=50',
    token: ctx.admin.token,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as AuditEntry[]).filter((entry) => entry.id > before);
}

const putProfile = (token: string, id: number, fields: Record<string, string>, logo?: Buffer) =>
  ctx.call({
    method: 'PUT',
    url: `/api/v0/shops/shop/${id}`,
    token,
    ...multipart(
      fields,
      logo ? { field: 'logo', name: 'logo.png', type: 'image/png', data: logo } : undefined,
    ),
  });

describe('profile changes', () => {
  it('records the changed fields with before and after, the shop as actor', async () => {
    const entries = await entriesOf(async () => {
      const res = await putProfile(ctx.shopA.token, ctx.shopA.id, {
        name: 'Shop A renamed',
        phone: '+1 555 0199',
        email: ctx.shopA.email,
      });
      expect(res.statusCode).toBe(200);
    });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'shop.profile_update',
        actor: { id: ctx.shopA.id, role: 'shop', name: ctx.shopA.name },
        target: { kind: 'shop', id: ctx.shopA.id, label: 'Shop A renamed' },
        shop_id: ctx.shopA.id,
        details: {
          changes: {
            name: { before: ctx.shopA.name, after: 'Shop A renamed' },
            phone: { before: '+1 555 0100', after: '+1 555 0199' },
          },
        },
      }),
    ]);
  });

  it('records a new logo as the SHA-256 of the stored image, never the image', async () => {
    const [entry] = await entriesOf(async () => {
      const res = await putProfile(ctx.admin.token, ctx.shopB.id, {}, PNG);
      expect(res.statusCode).toBe(200);
    });
    const shop = await ctx.db
      .selectFrom('shops')
      .select('logo')
      .where('id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    const stored = await findMedia(ctx.db, mediaName(shop.logo) as string);
    const hash = createHash('sha256')
      .update(stored?.data ?? '')
      .digest('hex');
    expect(entry).toMatchObject({
      action: 'shop.profile_update',
      actor: { role: 'super_admin', id: ctx.admin.id },
      details: { changes: { logo: { before: null, after: `sha256:${hash}` } } },
    });
    expect(Object.keys((entry as AuditEntry).details.changes as object)).toEqual(['logo']);
    expect(JSON.stringify(entry)).not.toContain(PNG.toString('base64').slice(0, 20));

    // Replaced: the old image's hash before, the new one's after.
    const [again] = await entriesOf(() => putProfile(ctx.admin.token, ctx.shopB.id, {}, PNG));
    expect((again as AuditEntry).details.changes).toEqual({
      logo: { before: `sha256:${hash}`, after: expect.stringMatching(/^sha256:[a-f0-9]{64}$/) },
    });
  });

  it('writes no entry for a refused change or one that changes nothing', async () => {
    const entries = await entriesOf(async () => {
      // Another shop's e-mail (409), another shop's profile (403), a blank name (400).
      expect(
        (await putProfile(ctx.shopA.token, ctx.shopA.id, { email: ctx.shopB.email })).statusCode,
      ).toBe(409);
      expect((await putProfile(ctx.shopA.token, ctx.shopB.id, { name: 'Mine' })).statusCode).toBe(
        403,
      );
      expect((await putProfile(ctx.shopA.token, ctx.shopA.id, { name: ' ' })).statusCode).toBe(400);
      const same = await putProfile(ctx.shopA.token, ctx.shopA.id, { phone: '+1 555 0199' });
      expect(same.statusCode).toBe(200);
    });
    expect(entries).toEqual([]);
  });
});

describe('POST /releases/audit', () => {
  const report = (body: object, headers: Record<string, string> = {}, token?: string) =>
    ctx.call({ method: 'POST', url: '/api/v0/releases/audit', payload: body, headers, token });
  const rollback = {
    action: 'rollback',
    remote: 'mfe-qr',
    version: '1.2.0',
    actor: { role: 'release_controller', name: 'release controller@host' },
    automatic: true,
    reason: 'canary 1.2.0 rolled back automatically: 9 failures in 10 loads',
    stable_before: '1.1.0',
    stable_after: '1.1.0',
  };

  it("records a release action with the controller's secret, its actor and reason", async () => {
    const entries = await entriesOf(async () => {
      const res = await report(rollback, { 'x-release-controller': CONTROLLER });
      expect(res.statusCode).toBe(204);
      const manual = await report(
        {
          action: 'release',
          remote: 'mfe-qr',
          version: '1.3.0',
          actor: { role: 'operator', name: 'ops@host' },
          automatic: false,
          percent: 10,
          stable_before: '1.1.0',
          stable_after: '1.1.0',
        },
        { 'x-release-controller': CONTROLLER },
      );
      expect(manual.statusCode).toBe(204);
    });
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'release.release',
        actor: { id: null, role: 'operator', name: 'ops@host' },
        target: { kind: 'release', id: null, label: 'mfe-qr 1.3.0' },
        details: expect.objectContaining({ automatic: false, percent: 10 }),
      }),
      expect.objectContaining({
        action: 'release.rollback',
        actor: { id: null, role: 'release_controller', name: 'release controller@host' },
        target: { kind: 'release', id: null, label: 'mfe-qr 1.2.0' },
        shop_id: null,
        details: {
          remote: 'mfe-qr',
          version: '1.2.0',
          automatic: true,
          reason: rollback.reason,
          stable_before: '1.1.0',
          stable_after: '1.1.0',
        },
      }),
    ]);
  });

  it('refuses anyone without the secret, and a bad report, writing nothing', async () => {
    const entries = await entriesOf(async () => {
      expect((await report(rollback)).statusCode).toBe(401);
      expect((await report(rollback, { 'x-release-controller': 'wrong' })).statusCode).toBe(401);
      // Not even the super admin: a release is reported by what made it.
      expect((await report(rollback, {}, ctx.admin.token)).statusCode).toBe(401);
      const secret = { 'x-release-controller': CONTROLLER };
      expect((await report({ ...rollback, action: 'delete' }, secret)).statusCode).toBe(400);
      expect((await report({ ...rollback, version: '../x' }, secret)).statusCode).toBe(400);
    });
    expect(entries).toEqual([]);
  });
});
