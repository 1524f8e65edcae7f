// One flat config for the whole repo. The boundary rule is the one that
// keeps the micro-frontends independent: a remote may import only
// @panel/shared and its own src/, never the shell or another remote, and
// shared/ imports none of the apps.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['shell', 'mfe-auth', 'mfe-dashboard', 'mfe-requests', 'mfe-shops', 'mfe-qr'];

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
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev/**',
      'deploy/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
      'import-x/no-cycle': 'error',
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
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
