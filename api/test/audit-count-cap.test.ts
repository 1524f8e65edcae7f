import { AUDIT_COUNT_CAP } from '@panel/shared/contract';

import { recordAudit, systemAudit } from '../src/lib/audit';
import { createTestContext, type TestContext } from './helpers';

// A page of the audit log counts at most AUDIT_COUNT_CAP matching entries
// (plus one, meaning "more"), so a page of a million entries does not count
// them all; a narrower filter is counted exactly.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i <= AUDIT_COUNT_CAP + 20; i++) {
      await recordAudit(trx, systemAudit(new Date(Date.UTC(2026, 0, 1, 0, 0, i))), {
        action: i % 1000 === 0 ? 'loan.write_off' : 'loan.lend',
        target: { kind: 'loan', id: i + 1, label: `Loan ${i + 1}` },
        shopId: ctx.shopA.id,
      });
    }
  });
}, 120_000);
afterAll(() => ctx.close());

const page = (query: string) =>
  ctx.call({ method: 'GET', url: `/api/v0/audit?${query}`, token: ctx.admin.token });

it('answers one past the cap when more entries match, with the page itself', async () => {
  const res = await page('limit=25');
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(AUDIT_COUNT_CAP + 1));
  expect(res.json()).toHaveLength(25);
});

it('counts a narrower filter exactly', async () => {
  const res = await page('action=loan.write_off&limit=5');
  expect(res.headers['x-total-count']).toBe('11');
  expect(res.json()).toHaveLength(5);
});

it('pages as far as the cap', async () => {
  const res = await page(`limit=25&offset=${AUDIT_COUNT_CAP - 25}`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toHaveLength(25);
});
