// `npm run bench`: the API benchmark (timings of the calls on a large
// generated database), then the browser benchmarks of the Loans page of a
// shop with 50,000 loans and of the QR generator's 1,000-code download.
// Each prints its own table; stops at the first that fails.
import { spawnSync } from 'node:child_process';

import { ROOT } from './lib/apps.mjs';

const BENCHES = [
  ['API calls', 'npm', ['run', 'bench', '-w', 'api']],
  ['Loans page in the browser', process.execPath, ['scripts/bench-loans-page.mjs']],
  ['QR generator in the browser', process.execPath, ['scripts/bench-qr.mjs']],
];

for (const [name, command, args] of BENCHES) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`=== ${name}: FAILED ===`);
    process.exit(1);
  }
}
