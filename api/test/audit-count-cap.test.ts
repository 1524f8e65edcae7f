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
  const writeOffs = Math.floor((AUDIT_COUNT_CAP + 20) / 1000) + 1;
  expect(res.headers['x-total-count']).toBe(String(writeOffs));
  expect(res.json()).toHaveLength(Math.min(5, writeOffs));
});

it('finds a date range by its times, also where ids and times disagree near its edges', async () => {
  // Written late (a high id) with an early time, and early with a late time.
  await ctx.db.transaction().execute(async (trx) => {
    await recordAudit(trx, systemAudit(new Date(Date.UTC(2025, 11, 31, 23, 0))), {
      action: 'loan.return',
      target: { kind: 'loan', id: 1, label: 'before the range, written last' },
    });
    await recordAudit(trx, systemAudit(new Date(Date.UTC(2026, 0, 1, 0, 5))), {
      action: 'loan.return',
      target: { kind: 'loan', id: 2, label: 'in the range, written last' },
    });
  });
  const labels = async (query: string) =>
    (
      (await page(`action=loan.return&${query}&limit=50`)).json() as Array<{
        target: { label: string };
      }>
    ).map((entry) => entry.target.label);
  expect(await labels('from=2026-01-01&to=2026-01-01')).toEqual(['in the range, written last']);
  expect(await labels('to=2025-12-31')).toEqual(['before the range, written last']);
  expect(await labels('from=2026-01-02')).toEqual([]);
  // The lends of that day, all in: no entry lost to the id bounds.
  const day = await page('action=loan.lend&from=2026-01-01&to=2026-01-01&limit=1');
  expect(day.headers['x-total-count']).toBe(
    String(
      Math.min(
        AUDIT_COUNT_CAP + 1,
        AUDIT_COUNT_CAP + 21 - (Math.floor((AUDIT_COUNT_CAP + 20) / 1000) + 1),
      ),
    ),
  );
});

it('pages as far as the cap', async () => {
  const res = await page(`limit=25&offset=${AUDIT_COUNT_CAP - 25}`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toHaveLength(25);
});
