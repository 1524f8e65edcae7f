// One PostgreSQL database per Jest worker, named after PG_TEST_URL's
// (panel_test_w1, panel_test_w2, …). Files of one worker run one after
// another, each in a schema of its own; files of different workers run at the
// same time, and a NOTIFY reaches every listener of its database whatever its
// schema: in one database the live feeds of two files would hear each other.
function workerDatabaseUrl(base, worker) {
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

module.exports = { workerDatabaseUrl };
