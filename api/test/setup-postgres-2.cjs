require('./setup-postgres.cjs');

process.env.API_TEST_INSTANCES = '2';
