import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { runLoad, type LoadResult } from './load';
import { API_NODE_FLAGS, rssMb, startProcess, stop, waitForPort } from './processes';

/**
 * Live updates at scale (issue 33): one API process with 2,000 open event
 * streams while changes are made.
 *
 *   npm run bench:live -w api [-- --clients 2000 --seconds 10 --writes 10 --port 9501]
 *                             [--database postgres://…]
 *
 * In the same run, on the same process and database:
 * 1. baseline: a read call at 32 connections for --seconds while the demo
 *    shop makes --writes container requests a second, no stream open;
 * 2. the --clients streams connect (the super admin's, so every one gets
 *    every event), and the API's resident memory is read before and after;
 * 3. the same load and writes again, now each write an event to every
 *    stream: how long each event takes to reach the last stream (from the
 *    moment its request was sent), and the read call's p99 against (1).
 * Without --database a scratch SQLite file is used (the API seeds the demo).
 */

const GOALS = { fanOutMs: 1_000, memoryMb: 100, p99Ratio: 1.2 };
const READ_CALL = '/api/v0/shops/shop/last-two';

interface Options {
  clients: number;
  seconds: number;
  writes: number;
  port: number;
  database: string | undefined;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '10' },
      writes: { type: 'string', default: '10' },
      port: { type: 'string', default: '9501' },
      database: { type: 'string' },
    },
  });
  return {
    clients: Number(values.clients),
    seconds: Number(values.seconds),
    writes: Number(values.writes),
    port: Number(values.port),
    database: values.database,
  };
}

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v0/shops/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

/**
 * The demo shop asks for one container `perSecond` times a second until
 * stopped; answers, per request id, when its call was sent.
 */
function startWriter(base: string, token: string, perSecond: number) {
  const sentAt = new Map<number, number>();
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const started = performance.timeOrigin + performance.now();
      const res = await fetch(`${base}/api/v0/pack/containers/request_container/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ containers: [{ container_type: 'cup', count: 1 }] }),
      });
      if (res.ok) sentAt.set(((await res.json()) as { id: number }).id, started);
      const wait = 1000 / perSecond - (performance.timeOrigin + performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    sentAt,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** The first message of `type` from the streams' process. */
function message<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: { type: string } & T) => {
      if (data.type !== type) return;
      child.off('message', onMessage);
      resolve(data);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`the streams' process ended (${code})`)));
  });
}

const ms = (n: number) => n.toFixed(1);
const pick = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function main(): Promise<void> {
  const o = options();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'panel-bench-live-'));
  const database = o.database ?? `sqlite:${path.join(dataDir, 'panel.sqlite')}`;
  const base = `http://127.0.0.1:${o.port}`;
  const api = startProcess(
    'src/server.ts',
    {
      DATABASE_URL: database,
      API_PORT: String(o.port),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      API_LOG: 'off',
    },
    API_NODE_FLAGS,
  );
  let streams: ChildProcess | undefined;
  try {
    await waitForPort(o.port, '/api/v0/');
    const admin = await login(base, 'admin@example.com', 'admin12345');
    const shop = await login(base, 'shop@example.com', 'shop12345');
    const load = () =>
      runLoad({
        targets: [base],
        path: READ_CALL,
        token: admin,
        connections: 32,
        seconds: o.seconds,
      });

    console.log(
      `\n=== Live events: ${o.clients} streams on one API process, ${o.writes} changes/s, ${
        database.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'
      } (load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}) ===`,
    );
    // Warm-up, then the baseline: the same load and writes, no stream open.
    await runLoad({ targets: [base], path: READ_CALL, token: admin, connections: 32, seconds: 2 });
    const quiet = startWriter(base, shop, o.writes);
    const baseline: LoadResult = await load();
    await quiet.stop();

    const before = rssMb(api.pid) ?? NaN;
    // The streams' client is a process of its own, so reading 2,000 streams
    // does not hold up the load's event loop (the figure is the API's).
    streams = fork(path.join(__dirname, 'live-streams.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        STREAMS_PORT: String(o.port),
        STREAMS_TOKEN: admin,
        STREAMS_COUNT: String(o.clients),
      },
    });
    const { connectMs } = await message<{ connectMs: number }>(streams, 'ready');
    const after = rssMb(api.pid) ?? NaN;

    const writer = startWriter(base, shop, o.writes);
    const during = await load();
    await writer.stop();
    // The last events may still be on their way.
    await new Promise((r) => setTimeout(r, 1_000));
    const peak = rssMb(api.pid) ?? NaN;

    streams.send('report');
    const report = await message<{ arrivals: Array<[number, number[]]> }>(streams, 'arrivals');
    const arrivalsOf = new Map(report.arrivals);
    const fanOut: number[] = [];
    let missing = 0;
    for (const [id, sent] of writer.sentAt) {
      const arrivals = arrivalsOf.get(id) ?? [];
      if (arrivals.length < o.clients) missing += o.clients - arrivals.length;
      if (arrivals.length > 0) fanOut.push(Math.max(...arrivals) - sent);
    }
    fanOut.sort((a, b) => a - b);
    const growth = Math.max(after, peak) - before;
    const ratio = during.p99 / baseline.p99;
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
    console.table([
      {
        figure: `connect ${o.clients} streams`,
        value: `${ms(connectMs)} ms`,
        goal: '',
        result: '',
      },
      {
        figure: `event to the last of ${o.clients} streams, p50 / max over ${fanOut.length} events`,
        value: `${ms(pick(fanOut, 0.5))} / ${ms(fanOut.at(-1) ?? NaN)} ms`,
        goal: `≤ ${GOALS.fanOutMs} ms`,
        result: verdict((fanOut.at(-1) ?? Infinity) <= GOALS.fanOutMs && missing === 0),
      },
      {
        figure: 'events missed by a stream',
        value: String(missing),
        goal: '0',
        result: verdict(missing === 0),
      },
      {
        figure: 'API memory: before streams → with them (peak)',
        value: `${ms(before)} → ${ms(after)} (${ms(peak)}) MB: +${ms(growth)} MB`,
        goal: `≤ +${GOALS.memoryMb} MB`,
        result: verdict(growth <= GOALS.memoryMb),
      },
      {
        figure: `${READ_CALL} p99 at 32 conns, no streams (baseline)`,
        value: `${ms(baseline.p99)} ms, ${baseline.rps.toFixed(0)} req/s`,
        goal: '',
        result: '',
      },
      {
        figure: `the same with ${o.clients} streams and events flowing`,
        value: `${ms(during.p99)} ms, ${during.rps.toFixed(0)} req/s: ×${ratio.toFixed(2)}`,
        goal: `≤ ×${GOALS.p99Ratio}`,
        result: verdict(ratio <= GOALS.p99Ratio && during.errors === 0),
      },
    ]);
  } finally {
    await stop([api, ...(streams ? [streams] : [])]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
