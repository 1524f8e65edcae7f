// Unit and component tests of the front-end workspaces, the panel's servers,
// the bench and the scripts. The
// API has its own Jest config (api/jest.config.cjs) because it runs once per
// database.
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const apps = require('./apps.json');

const FRONT_END = ['shared', apps.shell.package, ...apps.remotes.map((remote) => remote.package)];

module.exports = {
  projects: [
    ...FRONT_END.map((name) => ({
      displayName: name,
      rootDir: `<rootDir>/${name}`,
      testEnvironment: '<rootDir>/../shared/src/testing/jsdom-environment.cjs',
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.[jt]s?(x)'],
      transform: { '^.+\\.m?[jt]sx?$': swcTransform },
      // TypeBox ships ESM only (.mjs); the forms' schema checks run it in tests too.
      transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
      moduleNameMapper: {
        '\\.module\\.css$': 'identity-obj-proxy',
        '\\.css$': '<rootDir>/../shared/src/testing/style-stub.cjs',
      },
      setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/setup-tests.ts'],
      globals: { __REMOTE_NAME__: name, __REMOTE_VERSION__: 'test' },
    })),
    // The panel's own servers and releases, tested over HTTP and on files.
    {
      displayName: 'panel-server',
      rootDir: '<rootDir>/panel-server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts'],
      transform: { '^.+\\.ts$': swcTransform },
    },
    // The benchmarks' own code: the size budget's arithmetic.
    {
      displayName: 'bench',
      rootDir: '<rootDir>/bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts'],
      transform: { '^.+\\.ts$': swcTransform },
    },
    // The start, build and test glue (scripts/) and the build's own checks.
    {
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/__tests__/**/*.test.[jt]s'],
      transform: { '^.+\\.[jt]sx?$': swcTransform },
    },
  ],
  // `npm test` runs these files beside lint, tsc and the build (scripts/test.mjs),
  // so a test that waits on a real server or timer gets more than Jest's 5 s.
  testTimeout: 30_000,
};
