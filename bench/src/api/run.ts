import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

// kysely is the API's own dependency (api/node_modules, not hoisted), and
// these raw statements must use the copy that built the API's Db.
import { sql } from '../../../api/node_modules/kysely';

import { connect, type Db } from '../../../api/src/db/connect';
import { migrateToLatest } from '../../../api/src/db/migrate';
import { bulkLoad, seed, writeAuditEntries } from '../../../api/src/db/scale-seed';
import { signToken } from '../../../api/src/lib/jwt';
import { insertContainers } from '../../../api/src/repositories/containers';
import { bumpCounts, shopAndAll } from '../../../api/src/repositories/figures';
import { systemAudit } from '../../../api/src/lib/audit';
import { returnContainers } from '../../../api/src/repositories/loans';
import { pooled, runLoad, type LoadResult } from './load';
import { API_NODE_ARGS, peakRssMb, startProcess, stop, waitForPort } from './processes';
import { startRequestWriter } from './request-writer';

/**
 * `npm run bench -w api [-- --sqlite <url>] [--postgres <url>] [--seconds 5]`
 *
 * Load benchmark of the API on the scale seed, run as it runs in production:
 * real API processes (node src/server.ts) on SQLite, on PostgreSQL, and two
 * of them on one PostgreSQL with the connections spread over both, each
 * beside a no-op baseline (bench/noop-server.ts: a Fastify route that only
 * checks the token's HMAC) measured in the same run. Paged and dashboard
 * calls at 32 connections, un-paged lists apart at 4; the peak RSS of each
 * API process is read from /proc at the end.
 *
 * Without --sqlite (or BENCH_SQLITE_URL) a scratch SQLite file is seeded
 * first (about a minute and a half); PostgreSQL runs when --postgres or
 * BENCH_PG_URL names a database (seeded when it holds no loans).
 * `--port-base 8900` puts the baseline on base + 1 and the APIs on
 * base + 11 and base + 12. `--calls /pack/shops/,/shops/shop/` runs only
 * the calls whose path holds one of those parts (and not the lend row);
 * `--calls lend` runs the lend row alone; `--calls /audit,/shops/activity`
 * the audit log's rows.
 */
let PORTS = { noop: 8901, api: [8911, 8912] };
const SECRET = 'bench-secret-not-for-production';

interface Call {
  group: 'dashboard' | 'paged' | 'unpaged';
  role: 'admin' | 'shop';
  path: string;
  /** Writes per second made meanwhile (the demo shop asking for containers), or none. */
  writes?: number;
}

/**
 * Reads are kept while the database is unchanged (src/db/kept-reads.ts), so
 * a read-only load is answered from memory; these calls are measured again
 * while the demo shop makes this many container requests a second, each a
 * commit that drops every kept read, so the reads after it go to the database.
 */
const WRITES_PER_SECOND = 50;

function calls(openLoans: number, requests: number, shops: number, shopId: number): Call[] {
  const d = (role: Call['role'], p: string): Call => ({ group: 'dashboard', role, path: p });
  const l = (role: Call['role'], p: string): Call => ({ group: 'paged', role, path: p });
  const u = (role: Call['role'], p: string): Call => ({ group: 'unpaged', role, path: p });
  return [
    d('admin', '/api/v0/pack/containers/info_admin/'),
    d('admin', '/api/v0/pack/containers/loans_by_weekday/'),
    d('admin', '/api/v0/pack/containers/loans_by_weekday/?tz=America/Los_Angeles'),
    d('admin', '/api/v0/pack/containers/loans_and_packs_by_container_type/'),
    d('admin', '/api/v0/shops/shop/last-two'),
    d('admin', '/api/v0/shops/shop/info'),
    d('shop', '/api/v0/pack/containers/loans_by_weekday/'),
    d('shop', '/api/v0/pack/containers/loans_by_weekday/?tz=Asia/Tokyo'),
    d('shop', '/api/v0/pack/containers/loans_and_packs_by_container_type/'),
    d('shop', '/api/v0/shops/shop/info'),
    l('shop', '/api/v0/pack/containers/loans/?limit=25'),
    l('shop', `/api/v0/pack/containers/loans/?limit=25&offset=${Math.max(0, openLoans - 25)}`),
    l('shop', '/api/v0/pack/containers/loans/?limit=100&offset=25000'),
    l('shop', '/api/v0/pack/containers/returns/?limit=25'),
    // The work-list (issue 31): each filter and sort of the 50,000 open loans, and a search.
    ...(['all', 'overdue', 'due_soon', 'no_due_date'] as const).map((filter) =>
      l('shop', `/api/v0/pack/containers/loans/?filter=${filter}&limit=25`),
    ),
    ...(['due', 'client'] as const).flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) =>
        l('shop', `/api/v0/pack/containers/loans/?sort=${sort}&order=${order}&limit=25`),
      ),
    ),
    l('shop', '/api/v0/pack/containers/loans/?filter=overdue&sort=due&limit=25&offset=1000'),
    l('shop', '/api/v0/pack/containers/loans/?search=client-42&limit=25'),
    d('shop', '/api/v0/pack/containers/loans/summary'),
    d('shop', '/api/v0/pack/containers/return_rate'),
    l('shop', '/api/v0/pack/container-requests/?limit=100'),
    l('shop', '/api/v0/pack/container-requests/?status=PENDING&limit=100'),
    l('admin', '/api/v0/pack/container-requests/?limit=100'),
    l('admin', `/api/v0/pack/container-requests/?limit=100&offset=${Math.max(0, requests - 100)}`),
    l('admin', '/api/v0/pack/container-requests/?status=PENDING&limit=100'),
    l('admin', '/api/v0/pack/container-requests/?status=APPROVED&limit=100&offset=10000'),
    l('admin', '/api/v0/pack/container-requests/?status=DENIED&limit=100'),
    // The super admin's page of the demo shop (the busiest), and every shop's
    // figures and the league table over 2,000 shops and 1 M loans (issue 32).
    d('admin', `/api/v0/pack/shops/${shopId}/overview`),
    d('admin', '/api/v0/pack/shops/league'),
    l('admin', '/api/v0/shops/shop/?limit=50'),
    l('admin', `/api/v0/shops/shop/?limit=50&offset=${Math.max(0, shops - 50)}`),
    // The audit log (issue 33): about one entry per loan (1 M), each filter
    // paged newest first, a deep page, the shop's own activity and one export.
    l('admin', '/api/v0/audit?limit=25'),
    // The deepest page the panel offers: it counts up to AUDIT_COUNT_CAP.
    l('admin', '/api/v0/audit?limit=25&offset=975'),
    l('admin', '/api/v0/audit?action=login.failure&limit=25'),
    l('admin', '/api/v0/audit?action=shop.profile_update&limit=25&offset=500'),
    l('admin', `/api/v0/audit?shop=${shopId}&limit=25`),
    l('admin', `/api/v0/audit?actor_role=shop&actor=${shopId}&limit=25`),
    l('admin', '/api/v0/audit?actor_role=super_admin&actor=1&limit=25'),
    l('admin', `/api/v0/audit?from=${daysAgo(60)}&to=${daysAgo(31)}&limit=25`),
    l('admin', `/api/v0/audit?action=request.approve&shop=${shopId}&from=${daysAgo(365)}&limit=25`),
    l('shop', '/api/v0/shops/activity?limit=20'),
    ...[
      d('admin', '/api/v0/pack/containers/info_admin/'),
      l('admin', '/api/v0/audit?limit=25'),
      l('admin', `/api/v0/audit?shop=${shopId}&limit=25`),
      l('shop', '/api/v0/shops/activity?limit=20'),
      d('shop', '/api/v0/pack/containers/loans_by_weekday/'),
      l('shop', '/api/v0/pack/containers/loans/?limit=25'),
      l('shop', '/api/v0/pack/containers/loans/?limit=100&offset=25000'),
      l('admin', '/api/v0/pack/container-requests/?status=PENDING&limit=100'),
      l('admin', '/api/v0/pack/container-requests/?status=APPROVED&limit=100&offset=10000'),
      d('admin', `/api/v0/pack/shops/${shopId}/overview`),
      d('admin', '/api/v0/pack/shops/league'),
    ].map((call) => ({ ...call, writes: WRITES_PER_SECOND })),
    u('shop', '/api/v0/pack/containers/loans/'),
    u('shop', '/api/v0/pack/containers/returns/'),
    u('shop', '/api/v0/pack/container-requests/'),
    u('admin', '/api/v0/pack/container-requests/?status=PENDING'),
    u('admin', '/api/v0/pack/container-requests/'),
    u('admin', '/api/v0/shops/shop/'),
    // Every shop's figures come whole, like the shop list they sit beside.
    u('admin', '/api/v0/pack/shops/figures'),
    // The CSV streams every entry of the filter: one shop's (about 500 at scale).
    u('admin', `/api/v0/audit?format=csv&shop=${shopId}`),
  ];
}

/** 'YYYY-MM-DD' (UTC) of `days` ago: the audit log's date filters. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 3600e3).toISOString().slice(0, 10);
}

async function seedIfEmpty(url: string, sizes: Sizes): Promise<void> {
  const { db, kind } = connect(url);
  try {
    await migrateToLatest(db, kind);
    const some = await db.selectFrom('loans').select('id').limit(1000).execute();
    if (some.length >= 1000) {
      // A scale database seeded before the audit log (issue 33) gets its entries now.
      const entries = await db.selectFrom('audit_log').select('id').limit(1000).execute();
      if (entries.length < 1000) {
        console.log(`Adding ${sizes.loans} audit entries to ${url} …`);
        await bulkLoad(db, kind, (conn) => writeAuditEntries(conn, sizes.loans), console.log);
      }
      return;
    }
    console.log(`Seeding the scale database ${url} …`);
    await seed(db, kind, {
      scale: sizes,
      shopLoans: [{ email: 'shop@example.com', loans: sizes.shopLoans }],
      log: (text) => console.log(text),
    });
  } finally {
    await db.destroy();
  }
}

interface Sizes {
  shops: number;
  loans: number;
  requests: number;
  shopLoans: number;
}

/** Tokens of the super admin and the demo shop (the one with 50,000 open loans), and list sizes. */
async function subjects(url: string) {
  const { db } = connect(url);
  try {
    const admin = await db
      .selectFrom('admins')
      .select(['id', 'token_version'])
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    const shop = await db
      .selectFrom('shops')
      .select(['id', 'token_version'])
      .where('email', '=', 'shop@example.com')
      .executeTakeFirstOrThrow();
    const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
    const openLoans = await count(
      db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', '=', shop.id)
        .where('returned_date', 'is', null)
        .executeTakeFirstOrThrow(),
    );
    const requests = await count(
      db
        .selectFrom('container_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    const shops = await count(
      db
        .selectFrom('shops')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    const loans = await count(
      db
        .selectFrom('loans')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    return {
      tokens: {
        admin: signToken({ kind: 'admin', id: admin.id, ver: admin.token_version }, SECRET),
        shop: signToken({ kind: 'shop', id: shop.id, ver: shop.token_version }, SECRET),
      },
      shopId: shop.id,
      openLoans,
      requests,
      shops,
      loans,
    };
  } finally {
    await db.destroy();
  }
}

interface Row {
  call: string;
  role: string;
  conns: number;
  'req/s': string;
  'p50 ms': string;
  'p99 ms': string;
  'baseline req/s': string;
  'vs baseline': string;
  'kB/answer': string;
  errors: number;
  goal: string;
}

async function benchConfig(
  label: string,
  url: string,
  processes: number,
  options: {
    seconds: number;
    unpagedSeconds: number;
    baselineSeconds: number;
    connections: number;
    /** Only the calls whose path holds one of these (all when empty). */
    calls: string[];
  },
): Promise<Summary> {
  const subject = await subjects(url);
  console.log(
    `\n=== ${label} (load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ' ',
      )}): ${subject.loans.toLocaleString('en')} loans, ${subject.shops} shops, ${subject.requests.toLocaleString('en')} requests, demo shop with ${subject.openLoans.toLocaleString('en')} open loans ===`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-data-'));
  // The requests the writer made, taken out again at the end so every run
  // measures the same database.
  const writtenIds: number[] = [];
  const noop = startProcess(path.join(__dirname, 'noop-server.ts'), {
    BENCH_SECRET: SECRET,
    BENCH_PORT: String(PORTS.noop),
  });
  const apis = PORTS.api.slice(0, processes).map((port) =>
    startProcess(
      'src/server.ts',
      {
        DATABASE_URL: url,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        JWT_SECRET: SECRET,
        DATA_DIR: dataDir,
        API_LOG: 'off',
      },
      API_NODE_ARGS,
    ),
  );
  try {
    await waitForPort(PORTS.noop, '/noop');
    for (const port of PORTS.api.slice(0, processes)) await waitForPort(port, '/api/v0/');
    const targets = PORTS.api.slice(0, processes).map((p) => `http://127.0.0.1:${p}`);
    const load = (target: string[], p: string, token: string, connections: number, s: number) =>
      runLoad({ targets: target, path: p, token, connections, seconds: s });

    // Warm both servers (JIT, caches, pools) before anything is measured.
    await load(['http://127.0.0.1:' + PORTS.noop], '/noop', subject.tokens.admin, 8, 1);
    await load(targets, '/api/v0/shops/shop/info', subject.tokens.shop, 8, 1);
    const noopLoad = (seconds: number) =>
      load(
        ['http://127.0.0.1:' + PORTS.noop],
        '/noop',
        subject.tokens.admin,
        options.connections,
        seconds,
      );
    const rows: Row[] = [];
    const misses: string[] = [];
    // The machine's load drifts (other builds share it, and the load
    // generator shares its 2 cores): each call is compared with the mean of
    // the baselines measured just before and just after it.
    let before = await noopLoad(options.baselineSeconds);
    const all = calls(subject.openLoans, subject.requests, subject.shops, subject.shopId);
    const picked = options.calls.length
      ? all.filter((call) => options.calls.some((part) => call.path.includes(part)))
      : all;
    for (const call of picked) {
      const connections = call.group === 'unpaged' ? 4 : options.connections;
      const seconds = call.group === 'unpaged' ? options.unpagedSeconds : options.seconds;
      const writer = call.writes
        ? startRequestWriter(targets, subject.tokens.shop, call.writes)
        : null;
      const result = await load(
        targets,
        call.path,
        subject.tokens[call.role],
        connections,
        seconds,
      ).finally(() => writer?.stop().catch(() => undefined));
      const written = writer ? await writer.stop() : null;
      if (written) writtenIds.push(...written);
      const after = await noopLoad(options.baselineSeconds);
      const baseline = meanOf(before, after);
      before = after;
      const name = call.path.replace('/api/v0', '');
      const r = row(
        written === null ? name : `${name} (+${(written.length / seconds).toFixed(0)} writes/s)`,
        call.role,
        connections,
        result,
        baseline,
      );
      r.goal = goal(call, result, baseline);
      if (r.goal.startsWith('miss') || r.goal.startsWith('FAIL'))
        misses.push(`${r.role} ${r.call}: ${r.goal}`);
      rows.push(r);
      console.log(
        `  ${r.role.padEnd(5)} ${r.call.padEnd(70)} ${r['req/s'].padStart(7)} req/s  p99 ${r['p99 ms'].padStart(8)} ms  ${r['vs baseline'].padStart(5)} of ${r['baseline req/s']}  ${r.goal}`,
      );
    }
    // --calls picks rows by their path; the lend row has none of its own, so 'lend' names it.
    if (options.calls.length === 0 || options.calls.includes('lend')) {
      for (const lendRow of await benchLends(url, targets, options, noopLoad)) {
        rows.push(lendRow);
        if (!lendRow.goal.startsWith('ok') || lendRow.goal.includes('miss'))
          misses.push(`${lendRow.role} ${lendRow.call}: ${lendRow.goal}`);
        console.log(
          `  ${lendRow.role.padEnd(5)} ${lendRow.call.padEnd(70)} ${lendRow['req/s'].padStart(7)} req/s  p99 ${lendRow['p99 ms'].padStart(8)} ms  ${lendRow['vs baseline'].padStart(5)} of ${lendRow['baseline req/s']}  ${lendRow.goal}`,
        );
      }
    }
    const rss = apis.map((child) => peakRssMb(child.pid));
    const rssMet = rss.every((mb) => mb !== null && mb < 300);
    console.log(`\n${label}`);
    console.table(rows);
    const measured = rows.filter((r) => r.goal !== 'ok (2xx)').length;
    console.log(
      `Goals: ${measured - misses.length}/${measured} calls met (p99 ≤ 50 ms at ${options.connections} connections; dashboards ≥ 30 % of the baseline; under writes p99 only)`,
    );
    console.log(
      `Max RSS of the API process${processes > 1 ? 'es' : ''} over the whole run: ${rss
        .map((mb) => (mb === null ? 'n/a' : `${mb.toFixed(0)} MB`))
        .join(', ')} (goal < 300 MB: ${rssMet ? 'met' : 'NOT met'})`,
    );
    return { label, measured, misses, rss, rssMet };
  } finally {
    await stop([noop, ...apis]);
    rmSync(dataDir, { recursive: true, force: true });
    await forgetRequests(url, writtenIds);
  }
}

/**
 * Codes each lending shop is given per second of lending (both rows'
 * rounds, `seconds` each, and the warm-up), by database: room for 2,240
 * lends of 20 a second over 32 shops on SQLite (it lends about 1,850), and
 * for 800 on PostgreSQL (about 400 here). More than a database can lend
 * only slows the setup, and on PostgreSQL the autovacuum of those rows ran
 * on into the measured rounds (rounds at a p99 of 0.3-1 s).
 */
const LEND_CODES_PER_SHOP_SECOND = { sqlite: 1_400, postgres: 500 } as const;
/**
 * Unmeasured lending first: the first lends of a run pay for cold pages
 * and compiled code. After 2 s, the first rounds still ran at 250-400
 * lends a second with a p99 of 0.6-1.3 s, where the rest ran at 450-490
 * and 110-160 ms, and whichever row led took it.
 */
const LEND_WARM_UP_SECONDS = 10;
const CODES_PER_LEND = 20;
/** Alternating rounds of the two lend rows (even: each row leads as often). */
const LEND_ROUNDS = 8;

/**
 * The audit log's cost on a write (issue 33: at most 10 % on the write
 * calls' p99), measured in the same run on the same database: a bench-only
 * trigger makes the audit entry's INSERT write nothing (SQLite's
 * RAISE(IGNORE); a PostgreSQL BEFORE trigger returning NULL) while `run` runs.
 */
async function withoutAuditWrites<T>(url: string, run: () => Promise<T>): Promise<T> {
  const { db, kind } = connect(url);
  try {
    if (kind === 'postgres') {
      await sql`create or replace function bench_skip_audit() returns trigger
        language plpgsql as $$ begin return null; end $$`.execute(db);
      await sql`create trigger bench_skip_audit before insert on audit_log
        for each row execute function bench_skip_audit()`.execute(db);
    } else {
      await sql`create trigger bench_skip_audit before insert on audit_log
        begin select raise(ignore); end`.execute(db);
    }
    return await run();
  } finally {
    await sql`drop trigger if exists bench_skip_audit${
      kind === 'postgres' ? sql` on audit_log` : sql``
    }`.execute(db);
    await db.destroy();
  }
}

/**
 * The counter's lend at scale (issue 29): lends of 20 codes each at
 * `connections`, every request a real loan. Each connection is the counter
 * of a shop of its own (the demo shop and the next active shops), as a
 * provider's shops lend at once; one shop's counter sends one lend at a
 * time. The codes are added to the shops' stock first; afterwards the lent
 * ones are taken back (their loans stay, returned, and the containers in
 * the shops' stock) and the unlent ones removed, so the database grows by
 * the loans made.
 *
 * Measured twice, with the audit entry's write skipped and as it is, in
 * LEND_ROUNDS alternating rounds (skipped first, then as it is first, ...)
 * whose latencies are pooled: a warmer database or a busier machine in one
 * part of the run then weighs on both rows alike.
 */
async function benchLends(
  url: string,
  targets: string[],
  options: { seconds: number; connections: number; baselineSeconds: number },
  noopLoad: (seconds: number) => Promise<LoadResult>,
): Promise<Row[]> {
  const { db, kind } = connect(url);
  const stamp = Date.now();
  try {
    const demo = await db
      .selectFrom('shops')
      .select(['id', 'token_version'])
      .where('email', '=', 'shop@example.com')
      .executeTakeFirstOrThrow();
    const others = await db
      .selectFrom('shops')
      .select(['id', 'token_version'])
      .where('status', '=', 'active')
      .where('id', '!=', demo.id)
      .orderBy('id')
      .limit(options.connections - 1)
      .execute();
    const counters = [demo, ...others].map((shop, i) => ({
      shop,
      token: signToken({ kind: 'shop', id: shop.id, ver: shop.token_version }, SECRET),
      codes: Array.from(
        {
          length: Math.ceil(
            (2 * options.seconds + LEND_WARM_UP_SECONDS) * LEND_CODES_PER_SHOP_SECOND[kind],
          ),
        },
        (_, n) => `bench-lend-${stamp}-${i}-${n}`,
      ),
      next: 0,
    }));
    for (const { shop, codes } of counters)
      await db
        .transaction()
        .execute((trx) =>
          insertContainers(trx, { shopId: shop.id, typeKey: 'cup', country: 'France', codes }),
        );
    const counterOf = (connection: number) =>
      counters[connection % counters.length] as (typeof counters)[number];
    const lendLoad = (seconds: number) =>
      runLoad({
        targets,
        path: '/api/v0/pack/containers/lend/',
        token: (connection) => counterOf(connection).token,
        connections: options.connections,
        seconds,
        body: (connection) => {
          const counter = counterOf(connection);
          const some = counter.codes.slice(counter.next, counter.next + CODES_PER_LEND);
          counter.next += CODES_PER_LEND;
          return JSON.stringify({ codes: some, client: 'Bench client' });
        },
        // As the counter sends it: a retried lend must not lend twice (issue 29).
        idempotent: true,
      });
    await lendLoad(LEND_WARM_UP_SECONDS);
    const before = await noopLoad(options.baselineSeconds);
    const skippedRounds: LoadResult[] = [];
    const realRounds: LoadResult[] = [];
    const roundSeconds = options.seconds / LEND_ROUNDS;
    const skipped = () => withoutAuditWrites(url, () => lendLoad(roundSeconds));
    for (let round = 0; round < LEND_ROUNDS; round += 1) {
      if (round % 2 === 0) {
        skippedRounds.push(await skipped());
        realRounds.push(await lendLoad(roundSeconds));
      } else {
        realRounds.push(await lendLoad(roundSeconds));
        skippedRounds.push(await skipped());
      }
    }
    // Each round's own figures: a stall in one round shows here, not only in the pooled p99.
    const roundFigures = (rounds: LoadResult[]) =>
      rounds.map((r) => `${r.rps.toFixed(0)}/${r.p99.toFixed(0)}`).join(' ');
    console.log(
      `  lend rounds, req/s / p99 ms: audit entry skipped ${roundFigures(skippedRounds)}`,
    );
    console.log(`                               as it is           ${roundFigures(realRounds)}`);
    const after = await noopLoad(options.baselineSeconds);
    if (counters.some((c) => c.next > c.codes.length))
      throw new Error('The lend row ran out of codes: raise LEND_CODES_PER_SHOP_SECOND.');
    const baseline = meanOf(before, after);
    const lend = `POST /pack/containers/lend/ (${CODES_PER_LEND} codes, ${counters.length} shops)`;
    const bare = pooled(skippedRounds);
    const real = pooled(realRounds);
    const ratio = real.p99 / bare.p99;
    // The same ratio by each row's median round: one stalled round (a
    // PostgreSQL checkpoint, autovacuum) weighs on the pooled p99 of the row
    // it fell on, and this shows it did.
    const medianRound = medianP99(realRounds) / medianP99(skippedRounds);
    const rounds = `, ${LEND_ROUNDS} rounds`;
    const bareRow = row(
      `${lend}, audit entry skipped${rounds}`,
      'shop',
      options.connections,
      bare,
      baseline,
    );
    const realRow = row(`${lend}${rounds}`, 'shop', options.connections, real, baseline);
    bareRow.goal = bare.errors > 0 ? 'FAIL (errors)' : "ok (the audit's baseline)";
    realRow.goal =
      real.errors > 0
        ? 'FAIL (errors)'
        : `${real.p99 <= 50 ? 'ok' : 'miss (p99)'}; audit ×${ratio.toFixed(2)} ${
            ratio <= 1.1 ? 'ok' : 'miss'
          } (median round ×${medianRound.toFixed(2)})`;
    for (const counter of counters) await putBack(db, counter.shop.id, counter.codes, counter.next);
    return [bareRow, realRow];
  } finally {
    await db.destroy();
  }
}

/**
 * Takes the lent codes back into the shop's stock as they were lent (so
 * the audit entries are the size of a lend's, not a 200-code return's at
 * the top of the log), and the unlent ones out of it.
 */
async function putBack(db: Db, shopId: number, codes: string[], lentCount: number): Promise<void> {
  const lent = codes.slice(0, lentCount);
  for (let first = 0; first < lent.length; first += CODES_PER_LEND)
    await returnContainers(
      db,
      systemAudit(),
      { id: shopId },
      lent.slice(first, first + CODES_PER_LEND),
    );
  // The API may write meanwhile (its daily digest): each transaction begins
  // immediate (db/locked-sqlite-dialect.ts), so it waits for that write.
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < codes.length; first += 1_000) {
      const some = codes.slice(first, first + 1_000);
      const gone = await trx
        .deleteFrom('containers')
        .where('code', 'in', some)
        .where('loan_id', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('loan_items')
                .select('id')
                .whereRef('loan_items.container_id', '=', 'containers.id'),
            ),
          ),
        )
        .executeTakeFirst();
      await bumpCounts(trx, shopAndAll(shopId, 'in_stock:cup', -Number(gone.numDeletedRows)));
    }
  });
}

interface Summary {
  label: string;
  measured: number;
  misses: string[];
  rss: Array<number | null>;
  rssMet: boolean;
}

/**
 * Deletes the (still pending) requests the writer made and takes them off
 * the kept counters, as if they had never been asked for.
 */
async function forgetRequests(url: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const { db } = connect(url);
  try {
    await db.transaction().execute(async (trx) => {
      for (let first = 0; first < ids.length; first += 1_000) {
        const some = ids.slice(first, first + 1_000);
        await trx.deleteFrom('request_items').where('request_id', 'in', some).execute();
        const gone = await trx
          .deleteFrom('container_requests')
          .where('id', 'in', some)
          .where('status', '=', 'PENDING')
          .returning('shop_id')
          .execute();
        const perShop = new Map<number, number>();
        for (const { shop_id } of gone) perShop.set(shop_id, (perShop.get(shop_id) ?? 0) + 1);
        await bumpCounts(
          trx,
          [...perShop].flatMap(([shopId, n]) => shopAndAll(shopId, 'requests:PENDING', -n)),
        );
      }
    });
  } finally {
    await db.destroy();
  }
}

/** The median of rounds' p99s. */
function medianP99(rounds: LoadResult[]): number {
  const p99s = rounds.map((r) => r.p99).sort((a, b) => a - b);
  const middle = Math.floor(p99s.length / 2);
  return p99s.length % 2 === 1
    ? (p99s[middle] as number)
    : ((p99s[middle - 1] as number) + (p99s[middle] as number)) / 2;
}

/** Two baseline runs as one: their mean throughput (the other fields are not used for baselines). */
function meanOf(a: LoadResult, b: LoadResult): LoadResult {
  return { ...a, rps: (a.rps + b.rps) / 2 };
}

function row(call: string, role: string, conns: number, r: LoadResult, base: LoadResult): Row {
  return {
    call,
    role,
    conns,
    'req/s': r.rps.toFixed(0),
    'p50 ms': r.p50.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
    'baseline req/s': base.rps.toFixed(0),
    'vs baseline': `${((100 * r.rps) / base.rps).toFixed(0)} %`,
    'kB/answer': (r.bytes / 1024).toFixed(1),
    errors: r.errors,
    goal: '',
  };
}

/** The issue's goals: p99 ≤ 50 ms at 32 connections, dashboards at ≥ 30 % of the baseline, no errors. */
function goal(call: Call, r: LoadResult, base: LoadResult): string {
  if (r.errors > 0) return 'FAIL (errors)';
  if (call.group === 'unpaged') return 'ok (2xx)';
  const fast = r.p99 <= 50;
  // Under writes the ratio is shown but not judged: the writes take CPU of
  // their own (a commit each), which the read-only baseline does not pay.
  const share = call.group !== 'dashboard' || call.writes !== undefined || r.rps >= 0.3 * base.rps;
  return fast && share
    ? 'ok'
    : `miss (${[!fast && 'p99', !share && '< 30 %'].filter(Boolean).join(', ')})`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sqlite: { type: 'string' },
      postgres: { type: 'string' },
      seconds: { type: 'string', default: '5' },
      'unpaged-seconds': { type: 'string', default: '5' },
      'baseline-seconds': { type: 'string', default: '3' },
      connections: { type: 'string', default: '32' },
      shops: { type: 'string', default: '2000' },
      loans: { type: 'string', default: '1000000' },
      requests: { type: 'string', default: '100000' },
      'shop-loans': { type: 'string', default: '50000' },
      only: { type: 'string', default: 'sqlite,postgres,postgres-2' },
      calls: { type: 'string', default: '' },
      'port-base': { type: 'string', default: '8900' },
    },
  });
  const portBase = Number(values['port-base']);
  PORTS = { noop: portBase + 1, api: [portBase + 11, portBase + 12] };
  const sizes: Sizes = {
    shops: Number(values.shops),
    loans: Number(values.loans),
    requests: Number(values.requests),
    shopLoans: Number(values['shop-loans']),
  };
  const options = {
    seconds: Number(values.seconds),
    unpagedSeconds: Number(values['unpaged-seconds']),
    baselineSeconds: Number(values['baseline-seconds']),
    connections: Number(values.connections),
    calls: values.calls.split(',').filter(Boolean),
  };
  const only = new Set(values.only.split(','));
  const scratch = mkdtempSync(path.join(tmpdir(), 'panel-bench-'));
  try {
    const sqlite =
      values.sqlite ??
      process.env.BENCH_SQLITE_URL ??
      `sqlite:${path.join(scratch, 'scale.sqlite')}`;
    const postgres = values.postgres ?? process.env.BENCH_PG_URL;
    const summaries: Summary[] = [];
    if (only.has('sqlite')) {
      await seedIfEmpty(sqlite, sizes);
      summaries.push(await benchConfig('SQLite, 1 API process', sqlite, 1, options));
    }
    if (postgres && (only.has('postgres') || only.has('postgres-2'))) {
      await seedIfEmpty(postgres, sizes);
      if (only.has('postgres'))
        summaries.push(await benchConfig('PostgreSQL, 1 API process', postgres, 1, options));
      if (only.has('postgres-2'))
        summaries.push(await benchConfig('PostgreSQL, 2 API processes', postgres, 2, options));
    }
    console.log(
      `\nSummary (load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
    );
    for (const s of summaries) {
      console.log(
        `  ${s.label}: ${s.measured - s.misses.length}/${s.measured} calls met; max RSS ${s.rss
          .map((mb) => (mb === null ? 'n/a' : `${mb.toFixed(0)} MB`))
          .join(', ')} ${s.rssMet ? 'met' : 'NOT met'}`,
      );
      for (const miss of s.misses) console.log(`    not met: ${miss}`);
    }
    if (!postgres) {
      console.log(
        '\nPostgreSQL skipped: set BENCH_PG_URL (or --postgres) to a database to bench it.',
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
