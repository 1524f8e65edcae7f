process.env.TEST_DB = 'postgres';
process.env.API_TEST_INSTANCES = '2';
