// One flat config for the whole repo. The boundary rules keep the
// micro-frontends independent: a remote may import only @panel/shared and its
// own src/, never the shell or another remote; shared/ imports none of the
// apps; and inside a remote no feature imports another feature (what two
// features share lives in the remote's api/, components/ or utils/).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const manifest = JSON.parse(readFileSync(new URL('./apps.json', import.meta.url), 'utf8'));
const REMOTES = manifest.remotes.map((remote) => remote.package);
const APPS = [manifest.shell.package, ...REMOTES];

/** Read from the disk, so a new feature folder is fenced in without editing this file. */
function featuresOf(remote) {
  const dir = new URL(`./${remote}/src/features/`, import.meta.url);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const boundaryZones = [
  ...APPS.flatMap((target) =>
    APPS.filter((other) => other !== target).map((from) => ({
      target: `./${target}`,
      from: `./${from}`,
      message: `${target} must not import from ${from}: share code through @panel/shared.`,
    })),
  ),
  ...[...APPS, 'api', 'e2e'].map((from) => ({
    target: './shared',
    from: `./${from}`,
    message: '@panel/shared must not depend on an app.',
  })),
  ...REMOTES.flatMap((remote) =>
    featuresOf(remote).map((feature) => ({
      target: `./${remote}/src/features/${feature}`,
      from: `./${remote}/src/features`,
      except: [`./${feature}`],
      message: `A feature of ${remote} must not import another feature: move what both need to ${remote}/src/components, utils or api.`,
    })),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev/**',
      // Builds kept apart with PANEL_DIST (dist-<name>/), as in .gitignore.
      '**/dist-*/**',
      'deploy/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Every regular expression in the source, including the API's schema
  // patterns: the super-linear rules catch the backtracking that let one
  // request hold the API's only thread for seconds (issue 28).
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node, ...globals.jest },
    },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      // Cycles among the repo's own files; a package in node_modules cannot
      // close one, and walking their import graphs was 73 % of lint's time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/first': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Not federation-shared (shared/build/shared-deps.cjs): a remote's own
    // copy would be a second store context or toast bus. Remotes reach them
    // through @panel/shared; types are fine.
    files: REMOTES.map((remote) => `${remote}/src/**/*.{ts,tsx}`),
    ignores: ['**/__tests__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-redux', 'react-toastify'].map((name) => ({
            name,
            message: `${name} is not a shared package: use what @panel/shared exports.`,
            allowTypeImports: true,
          })),
          patterns: [
            {
              group: ['@reduxjs/toolkit', '@reduxjs/toolkit/*'],
              message: 'Redux Toolkit is not a shared package: use what @panel/shared exports.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
