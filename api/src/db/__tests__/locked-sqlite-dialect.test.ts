import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';

import { connect } from '../connect';

/*
 * A transaction on a SQLite file takes the file's write at its begin
 * (BEGIN_IMMEDIATE): another process's commit can no longer come between
 * its first read and its first write, which then failed with
 * SQLITE_BUSY_SNAPSHOT whatever the busy timeout.
 */
it("keeps another connection's commit out of a transaction between its read and its write", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-begin-'));
  const file = path.join(dir, 'panel.sqlite');
  const { db } = connect(`sqlite:${file}`);
  // As another process would: a connection of its own, here one that never waits.
  const other = new Database(file, { timeout: 0 });
  try {
    await sql`create table tally (n integer)`.execute(db);
    let otherWrite: unknown = null;
    await db.transaction().execute(async (trx) => {
      await sql`select count(*) from tally`.execute(trx);
      try {
        other.prepare('insert into tally values (2)').run();
      } catch (error) {
        otherWrite = error;
      }
      await sql`insert into tally values (1)`.execute(trx);
    });
    // The other connection found the file taken, and writes once the transaction is done.
    expect((otherWrite as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
    other.prepare('insert into tally values (2)').run();
    const { rows } = await sql<{ n: number }>`select n from tally order by n`.execute(db);
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
  } finally {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});
