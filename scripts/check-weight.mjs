// The size budget of issue 14, read from the built files (dist/ and each
// remote's mf-manifest.json, gzip sizes of the .gz files the build wrote):
// fails when a cold /auth/login needs more JS than the budget, or a remote
// adds more than its budget beyond its own page chunks. Builds nothing: run
// after `npm run build` (`npm test` does, in its budget step).
//   node scripts/check-weight.mjs
import { MissingBuildError, checkBudget } from './lib/weight.mjs';

export function runBudgetCheck() {
  try {
    const { ok, lines } = checkBudget();
    for (const line of lines) console.log(line);
    if (!ok) console.error('The front end is over its size budget (scripts/lib/weight.mjs).');
    return ok;
  } catch (error) {
    if (!(error instanceof MissingBuildError)) throw error;
    console.error(error.message);
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(runBudgetCheck() ? 0 : 1);
}
