// `npm run bench`: the API benchmark (timings of the calls on a large
// generated database), then the browser benchmarks of the Loans page of a
// shop with 50,000 loans and of the super admin's Pending tab with 10,000
// pending requests. Each prints its own table; stops at the first that fails.
import { spawnSync } from 'node:child_process';

import { ROOT } from './lib/apps.mjs';

const BENCHES = [
  ['API calls', 'npm', ['run', 'bench', '-w', 'api']],
  ['Loans page in the browser', process.execPath, ['scripts/bench-loans-page.mjs']],
  ['Pending requests tab in the browser', process.execPath, ['scripts/bench-requests-page.mjs']],
];

for (const [name, command, args] of BENCHES) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`=== ${name}: FAILED ===`);
    process.exit(1);
  }
}
