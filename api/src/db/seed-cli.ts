import { parseArgs } from 'node:util';

import { loadConfig } from '../config';
import { connect } from './connect';
import { migrateToLatest } from './migrate';
import { seedScale } from './scale-seed';

/** `npm run seed -w api -- --shops 2000 --loans 1000000 [--database <url>]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string', default: '2000' },
      loans: { type: 'string', default: '1000000' },
      database: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const shops = Number(values.shops);
  const loans = Number(values.loans);
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
  console.log(`Seeding ${shops} shops and ${loans} loans into ${url} …`);
  const started = Date.now();
  await seedScale(db, kind, { shops, loans, log: (t) => console.log(t) });
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  await db.destroy();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
