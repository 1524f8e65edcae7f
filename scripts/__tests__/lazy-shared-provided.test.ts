// The shell provides a shared module to the remotes only if its own build
// imports it (an unimported one is not provided, and a remote's page that
// needs it fails to load). The lazy ones are imported by the store loader,
// so each shared entry that list names must be imported there.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { LAZY_SHARED } from '../../shared/build/shared-deps.cjs';

const loader = readFileSync(
  path.resolve(__dirname, '../../shell/src/app/store-loader.tsx'),
  'utf8',
);

it.each(LAZY_SHARED as string[])("the shell's store loader imports %s", (entry) => {
  expect(loader).toContain(`import('${entry}')`);
});
