import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { seedScale } from '../src/db/scale-seed';
import { signToken } from '../src/lib/jwt';
import { createMemoryMailer } from '../src/lib/mailer';

/**
 * `npm run bench -w api [-- --database <url> --shops 200 --loans 100000 --seconds 2]`
 * Times the main list and aggregate calls through app.inject against a
 * database at scale. Without --database (or BENCH_DATABASE_URL) it seeds a
 * temporary SQLite file first. Each call runs until --seconds or 50 runs.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      shops: { type: 'string', default: '200' },
      loans: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '2' },
    },
  });
  const given = values.database ?? process.env.BENCH_DATABASE_URL;
  // A database made for this run only is removed when the run ends.
  const scratchDir = given ? null : mkdtempSync(path.join(tmpdir(), 'panel-bench-'));
  const url = given ?? `sqlite:${path.join(scratchDir as string, 'bench.sqlite')}`;
  const { db, kind } = connect(url);
  await migrateToLatest(db, kind);
  const loans = Number(
    (
      await db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (loans < 1000) {
    console.log(`Seeding ${values.shops} shops and ${values.loans} loans into ${url} …`);
    const t = Date.now();
    await seedScale(db, kind, { shops: Number(values.shops), loans: Number(values.loans) });
    console.log(`seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const counts = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // The shop with the most loans is the worst case for its lists.
  const busiest = await db
    .selectFrom('loans')
    .select(['shop_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('shop_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const admin = await db.selectFrom('admins').select('id').executeTakeFirstOrThrow();

  const secret = 'bench-secret';
  const app = await buildApp({
    db,
    kind,
    jwtSecret: secret,
    dataDir: tmpdir(),
    mailer: createMemoryMailer(),
  });
  const tokens = {
    admin: signToken({ kind: 'admin', id: admin.id, ver: 0 }, secret),
    shop: signToken({ kind: 'shop', id: busiest.shop_id, ver: 0 }, secret),
  };
  const calls: Array<[keyof typeof tokens, string]> = [
    ['admin', '/api/v0/pack/containers/info_admin/'],
    ['admin', '/api/v0/pack/containers/loans_by_weekday/'],
    ['admin', '/api/v0/pack/containers/loans_and_packs_by_container_type/'],
    ['admin', '/api/v0/shops/shop/'],
    ['admin', '/api/v0/shops/shop/?limit=50&offset=1000'],
    ['admin', '/api/v0/shops/shop/last-two'],
    ['admin', '/api/v0/pack/container-requests/?limit=100&offset=1000'],
    ['admin', '/api/v0/pack/container-requests/?status=PENDING'],
    ['shop', '/api/v0/pack/containers/loans_by_weekday/'],
    ['shop', '/api/v0/pack/containers/loans_and_packs_by_container_type/'],
    ['shop', '/api/v0/pack/containers/loans/'],
    ['shop', '/api/v0/pack/containers/returns/'],
    ['shop', '/api/v0/pack/containers/returns/?limit=50&offset=200'],
    ['shop', '/api/v0/pack/container-requests/'],
    ['shop', '/api/v0/shops/shop/info'],
  ];
  const budget = Number(values.seconds) * 1000;
  const rows: Array<Record<string, string | number>> = [];
  for (const [who, url] of calls) {
    const times: number[] = [];
    let status = 0;
    let total = '';
    const until = Date.now() + budget;
    while (times.length < 50 && (times.length < 3 || Date.now() < until)) {
      const t = process.hrtime.bigint();
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `JWT ${tokens[who]}` },
      });
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      status = res.statusCode;
      total = String(res.headers['x-total-count'] ?? '');
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    rows.push({
      role: who,
      call: url.replace('/api/v0', ''),
      status,
      runs: times.length,
      'median ms': pick(0.5),
      'p95 ms': pick(0.95),
      'X-Total-Count': total,
    });
  }
  console.log(
    `\n${kind} · ${counts.n} loans · busiest shop ${busiest.shop_id} with ${busiest.n} loans`,
  );
  console.table(rows);
  await app.close();
  await db.destroy();
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
