// The size budget of issue 14, read from the built files (dist/ and each
// remote's mf-manifest.json, gzip sizes of the .gz files the build wrote):
// fails when a cold /auth/login needs more JS than the budget, or a remote
// adds more than its budget beyond its own page chunks. Builds nothing: run
// after `npm run build` (`npm test` does, in its budget step).
//   node scripts/check-weight.mjs
// Test glue, a step of `npm test`: it stays here as plain Node.js; the budget
// and its arithmetic are the bench's (TypeScript, loaded through tsx).
import { tsImport } from 'tsx/esm/api';

const { MissingBuildError, checkBudget } = await tsImport(
  '../bench/src/weight/weight.ts',
  import.meta.url,
);

export function runBudgetCheck() {
  try {
    const { ok, lines } = checkBudget();
    for (const line of lines) console.log(line);
    if (!ok) console.error('The front end is over its size budget (bench/src/weight/weight.ts).');
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
