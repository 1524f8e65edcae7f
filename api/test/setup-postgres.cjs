const { workerDatabaseUrl } = require('./postgres-databases.cjs');

process.env.TEST_DB = 'postgres';
// This worker's database (made by global-setup-postgres.cjs); each test file
// starts from a copy of the environment, so the name is derived once a file.
process.env.PG_TEST_URL = workerDatabaseUrl(
  process.env.PG_TEST_URL,
  process.env.JEST_WORKER_ID ?? '1',
);
