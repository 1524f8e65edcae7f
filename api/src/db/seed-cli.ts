import { parseArgs } from 'node:util';

import { loadConfig } from '../config';
import { connect } from './connect';
import { migrateToLatest } from './migrate';
import { parseShopLoans, seed } from './scale-seed';

/**
 * `npm run seed -w api -- --shops 2000 --loans 1000000 [--requests 100000] [--database <url>]`
 * `npm run seed -w api -- --loans-for shop@example.com:50000` gives one shop
 * (the demo shop here) that many open loans; with it, the scale shops are
 * seeded only when --shops or --loans is given too.
 * `npm run seed -w api -- --pending-requests 10000` adds that many PENDING
 * requests spread over the active shops (the super admin's Pending tab);
 * like --loans-for, it alone adds no scale shops.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string' },
      loans: { type: 'string' },
      requests: { type: 'string' },
      'loans-for': { type: 'string', multiple: true, default: [] },
      'pending-requests': { type: 'string' },
      database: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const shopLoans = values['loans-for'].map(parseShopLoans);
  const pendingRequests =
    values['pending-requests'] === undefined ? 0 : Number(values['pending-requests']);
  if (!Number.isInteger(pendingRequests) || pendingRequests < 0) {
    throw new Error('--pending-requests must be a non-negative integer');
  }
  const scale =
    (shopLoans.length === 0 && pendingRequests === 0) ||
    values.shops !== undefined ||
    values.loans !== undefined;
  const shops = Number(values.shops ?? '2000');
  const loans = Number(values.loans ?? '1000000');
  const requests = values.requests === undefined ? undefined : Number(values.requests);
  if (requests !== undefined && (!Number.isInteger(requests) || requests < 0)) {
    throw new Error('--requests must be a non-negative integer');
  }
  if (!Number.isInteger(shops) || shops < 1 || !Number.isInteger(loans) || loans < 0) {
    throw new Error('--shops must be a positive integer and --loans a non-negative integer');
  }
  const url = values.database ?? loadConfig().databaseUrl;
  const { db, kind } = connect(url);
  await migrateToLatest(db, kind);
  const existing = await db.selectFrom('loans').select('id').limit(100).execute();
  if (existing.length > 50 && !values.force) {
    throw new Error(`${url} already holds data; seed a fresh database (or pass --force).`);
  }
  const started = Date.now();
  if (scale) {
    console.log(
      `Seeding ${shops} shops, ${loans} loans and ${requests ?? 3 * shops} requests into ${url} …`,
    );
  }
  for (const { email, loans: count } of shopLoans) {
    console.log(`Seeding ${count} open loans of ${email} into ${url} …`);
  }
  if (pendingRequests > 0) console.log(`Seeding ${pendingRequests} pending requests into ${url} …`);
  await seed(db, kind, {
    scale: scale ? { shops, loans, requests } : undefined,
    shopLoans,
    pendingRequests,
    log: (t) => console.log(t),
  });
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
