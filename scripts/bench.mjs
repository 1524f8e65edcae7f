// `npm run bench`: the front end's weight and load path (issue 14,
// bench/src/weight/measure-weight.ts), the API benchmark (timings of the calls on a
// large generated database), the live events' fan-out to 2,000 streams, then the browser benchmarks (the Loans page of
// a shop with 50,000 loans, the super admin's shop list with 2,000 shops, the
// QR generator's 1,000-code download and its 1,000 labels as a PDF, the super admin's Pending tab with
// 10,000 requests, the counter's scans and camera), then the long run of the API fuzzer (10,000 bad requests
// per database; PostgreSQL too when PG_TEST_URL is set). Each prints its own
// result; stops at the first that fails.
import { spawnSync } from 'node:child_process';

import { ROOT } from './lib/apps.mjs';

const BENCHES = [
  [
    'Front-end weight and load path',
    process.execPath,
    ['--import', 'tsx', 'bench/src/weight/measure-weight.ts'],
  ],
  ['API calls', 'npm', ['run', 'bench', '-w', 'api']],
  ['Live events, 2,000 streams on one API process', 'npm', ['run', 'bench:live', '-w', 'api']],
  [
    'Loans page in the browser',
    process.execPath,
    ['--import', 'tsx', 'bench/src/browser/loans-page.ts'],
  ],
  [
    'Shop list in the browser',
    process.execPath,
    ['--import', 'tsx', 'bench/src/browser/shops-page.ts'],
  ],
  ['QR generator in the browser', process.execPath, ['--import', 'tsx', 'bench/src/browser/qr.ts']],
  [
    'QR label sheets (PDF) in the browser',
    process.execPath,
    ['--import', 'tsx', 'bench/src/browser/qr-labels.ts'],
  ],
  [
    'Pending requests in the browser',
    process.execPath,
    ['--import', 'tsx', 'bench/src/browser/requests-page.ts'],
  ],
  [
    'The counter in the browser',
    process.execPath,
    ['--import', 'tsx', 'bench/src/browser/counter.ts'],
  ],
  [
    'API fuzzer, long run',
    'npm',
    ['test', '-w', 'api', '--', 'test/fuzz.test.ts'],
    { FUZZ_RUNS: '10000' },
  ],
];

for (const [name, command, args, env = {}] of BENCHES) {
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
