// `npm run bench`: every benchmark in turn, each in a process of its own,
// in the order of bench/README.md: the front end's weight and load path, the
// API's load benchmark on a large generated database, the live events'
// fan-out to 2,000 streams, the browser benchmarks (the Loans page of a shop
// with 50,000 loans, the super admin's shop list with 2,000 shops, the QR
// generator's 1,000-code download and its 1,000 labels as a PDF, the super
// admin's Pending tab with 10,000 requests, the counter's scans and camera),
// then the long run of the API fuzzer (10,000 bad requests per database;
// PostgreSQL too when PG_TEST_URL is set). Each prints its own result; the
// run stops at the first that fails.
import { spawnSync } from 'node:child_process';

import { ROOT } from '../../scripts/lib/apps.mjs';

interface Bench {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** A bench of this workspace, run through tsx as `npm run <name> -w bench` does. */
const own = (name: string, file: string): Bench => ({
  name,
  command: process.execPath,
  args: ['--import', 'tsx', `bench/src/${file}`],
});

const BENCHES: Bench[] = [
  own('Front-end weight and load path', 'weight/measure-weight.ts'),
  // Through the API's aliases: these two run in the API's folder, as they always have.
  { name: 'API calls', command: 'npm', args: ['run', 'bench', '-w', 'api'] },
  {
    name: 'Live events, 2,000 streams on one API process',
    command: 'npm',
    args: ['run', 'bench:live', '-w', 'api'],
  },
  own('Loans page in the browser', 'browser/loans-page.ts'),
  own('Shop list in the browser', 'browser/shops-page.ts'),
  own('QR generator in the browser', 'browser/qr.ts'),
  own('QR label sheets (PDF) in the browser', 'browser/qr-labels.ts'),
  own('Pending requests in the browser', 'browser/requests-page.ts'),
  own('The counter in the browser', 'browser/counter.ts'),
  {
    name: 'API fuzzer, long run',
    command: 'npm',
    args: ['test', '-w', 'api', '--', 'test/fuzz.test.ts'],
    env: { FUZZ_RUNS: '10000' },
  },
];

for (const { name, command, args, env = {} } of BENCHES) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (status !== 0) {
    console.error(`=== ${name}: FAILED ===`);
    process.exit(1);
  }
}
