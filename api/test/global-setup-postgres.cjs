// Before a run: makes the workers' databases (see postgres-databases.cjs) that
// do not exist yet, and drops the test schemas a killed run left in them.
// Kysely's migrator looks for its own tables in every schema of the
// database, so a schema left behind would pass for a migrated one.
const { Client } = require('pg');

const { workerDatabaseUrl } = require('./postgres-databases.cjs');

async function withClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

module.exports = async function prepareWorkerDatabases(globalConfig) {
  const base = process.env.PG_TEST_URL;
  if (!base) return;
  for (let worker = 1; worker <= globalConfig.maxWorkers; worker++) {
    const url = workerDatabaseUrl(base, worker);
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    await withClient(base, async (client) => {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      // template0 takes no connections, so no other session can block the copy.
      if (found.rowCount === 0)
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}" TEMPLATE template0`);
    });
    await withClient(url, async (client) => {
      const { rows } = await client.query(
        "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test\\_%'",
      );
      for (const { nspname } of rows) await client.query(`DROP SCHEMA "${nspname}" CASCADE`);
    });
  }
};
