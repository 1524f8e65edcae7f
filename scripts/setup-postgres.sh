#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 cluster and makes an empty test database
# for the API suite; prints the PG_TEST_URL to use. Needs root (CI runs as root).
set -euo pipefail
DB=${PG_TEST_DB:-panel_test}
pg_ctlcluster 15 main start >/dev/null 2>&1 || pg_ctlcluster 15 main status >/dev/null
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q" && break
  sleep 1
done
su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
su postgres -c "dropdb --if-exists $DB && createdb $DB" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:5432/$DB"
