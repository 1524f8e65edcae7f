// The same suite runs once per database: always SQLite, and PostgreSQL too
// when PG_TEST_URL is set (each test file then gets its own schema).
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

const { typeboxModuleNameMapper } = require('./test/typebox-bundle.cjs');

// A few of Fastify's dependencies ship ESM only; compile them for Jest
// (TypeBox, ESM only too, comes bundled as CommonJS: test/typebox-bundle.cjs).
const transformIgnorePatterns = [
  '/node_modules/(?!(content-disposition|cookie|set-cookie-parser)/)',
];
const transform = {
  '^.+\\.(ts|js|mjs)$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
/**
 * Ajv 8 is installed three times (under @fastify/ajv-compiler,
 * fast-json-stringify and ajv-formats: the top-level ajv is ESLint's 6), all
 * the same version, and Node loads each copy; a test file loaded them all
 * into its own module registry, about 0.25 s each. One copy serves all three.
 */
const AJV = path.dirname(
  require.resolve('ajv/package.json', {
    paths: [
      path.dirname(
        require.resolve('@fastify/ajv-compiler', { paths: [require.resolve('fastify')] }),
      ),
    ],
  }),
);
const moduleNameMapper = { '^ajv(/.*)?$': `${AJV}$1`, ...typeboxModuleNameMapper() };
const TEST_MATCH = ['<rootDir>/src/**/__tests__/**/*.test.ts', '<rootDir>/test/**/*.test.ts'];
const TEST_FILES = ['src', 'test'].flatMap((dir) =>
  readdirSync(path.join(__dirname, dir), { recursive: true })
    .map((file) => path.join(dir, file))
    .filter((file) => file.endsWith('.test.ts')),
);

/**
 * The test files whose text names none of `words`. A file that never asks
 * which database the project chose (no createTestContext, no TEST_DB, no
 * PG_TEST_URL; createSqliteTestContext is SQLite in every project) does the
 * same in every project, so it runs in the first only.
 */
function filesNaming(words, naming) {
  return TEST_FILES.filter(
    (file) =>
      words.some((word) => readFileSync(path.join(__dirname, file), 'utf8').includes(word)) ===
      naming,
  );
}
const escape = (file) => `<rootDir>/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

function project(name, setupFile, skipped = []) {
  return {
    displayName: name,
    testEnvironment: '<rootDir>/test/code-cache-environment.cjs',
    transform,
    transformIgnorePatterns,
    moduleNameMapper,
    rootDir: __dirname,
    testMatch: TEST_MATCH,
    testPathIgnorePatterns: ['/node_modules/', ...skipped.map(escape)],
    setupFiles: [setupFile],
  };
}

const projects = [project('sqlite', '<rootDir>/test/setup-sqlite.cjs')];
if (process.env.PG_TEST_URL) {
  projects.push(
    project(
      'postgres',
      '<rootDir>/test/setup-postgres.cjs',
      filesNaming(['createTestContext', 'TEST_DB', 'PG_TEST_URL'], false),
    ),
  );
  // The whole suite again against two app instances on one PostgreSQL schema,
  // requests alternating between them (see test/helpers.ts): the scale-out
  // proof. Only the test context builds two instances; a file without one
  // would repeat the postgres project's run.
  projects.push(
    project(
      'postgres-2',
      '<rootDir>/test/setup-postgres-2.cjs',
      filesNaming(['createTestContext'], false),
    ),
  );
}

module.exports = {
  projects,
  // Files run side by side (maxWorkers), so a slow hook on a busy machine is no failure.
  testTimeout: 60_000,
  ...(process.env.PG_TEST_URL ? { globalSetup: '<rootDir>/test/global-setup-postgres.cjs' } : {}),
};
