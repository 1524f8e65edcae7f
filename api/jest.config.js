// The same suite runs once per database: always SQLite, and PostgreSQL too
// when PG_TEST_URL is set (each test file then gets its own schema).
// A few dependencies (some of Fastify's, TypeBox) ship ESM only; compile them for Jest.
const transformIgnorePatterns = [
  '/node_modules/(?!(content-disposition|cookie|set-cookie-parser|typebox)/)',
];
const transform = {
  '^.+\\.(ts|js|mjs)$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};

function project(name, setupFile) {
  return {
    displayName: name,
    testEnvironment: 'node',
    transform,
    transformIgnorePatterns,
    rootDir: __dirname,
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    setupFiles: [setupFile],
  };
}

const projects = [project('sqlite', '<rootDir>/test/setup-sqlite.js')];
if (process.env.PG_TEST_URL) {
  projects.push(project('postgres', '<rootDir>/test/setup-postgres.js'));
  // The whole suite again against two app instances on one PostgreSQL schema,
  // requests alternating between them (see test/helpers.ts): the scale-out proof.
  projects.push(project('postgres-2', '<rootDir>/test/setup-postgres-2.js'));
}

module.exports = { projects, testTimeout: 30000 };
