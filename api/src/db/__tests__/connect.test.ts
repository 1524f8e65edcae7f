import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';

import { connect, STATEMENT_CACHE, WAL_CHECKPOINT_PAGES, WAL_KEEP_BYTES } from '../connect';

// A SQLite file opens in WAL mode, checkpointing after WAL_CHECKPOINT_PAGES
// pages rather than SQLite's 1,000 (why: connect.ts).
it('opens a SQLite file in WAL mode with the longer checkpoint interval', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-connect-'));
  const { db } = connect(`sqlite:${path.join(dir, 'panel.sqlite')}`);
  try {
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('wal_autocheckpoint')).toBe(WAL_CHECKPOINT_PAGES);
    expect(WAL_CHECKPOINT_PAGES).toBeGreaterThan(1_000);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

// Each query shape is prepared once while kept; when a new one needs room,
// the statement used least recently goes, not the one prepared first.
it('keeps the statements used most recently, preparing each shape once', async () => {
  const prepare = jest.spyOn(Database.prototype, 'prepare');
  const { db } = connect('sqlite::memory:');
  try {
    const run = (n: number) => sql.raw(`select ${n} as n`).execute(db);
    const preparedTimes = (n: number) =>
      prepare.mock.calls.filter(([text]) => text === `select ${n} as n`).length;
    for (let n = 0; n < STATEMENT_CACHE; n += 1) await run(n);
    await run(0); // 0 is now the most recently used; 1 the least.
    await run(STATEMENT_CACHE); // a new shape: 1 makes room.
    await run(0);
    await run(2);
    expect(preparedTimes(0)).toBe(1);
    expect(preparedTimes(2)).toBe(1);
    await run(1);
    expect(preparedTimes(1)).toBe(2);
  } finally {
    prepare.mockRestore();
    await db.destroy();
  }
});

// A burst of writes grows the WAL file; once the WAL is copied back and
// starts again, the file is cut back to WAL_KEEP_BYTES, not kept at its peak.
it('cuts a WAL file grown by a burst back once the WAL starts again', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-connect-'));
  const file = path.join(dir, 'panel.sqlite');
  const { db } = connect(`sqlite:${file}`);
  try {
    await sql`create table notes (body blob not null)`.execute(db);
    // One commit of about 1.2 × WAL_KEEP_BYTES of pages, which stay in the WAL until copied.
    const rows = Math.ceil((WAL_KEEP_BYTES * 1.2) / 1000);
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into notes (body) select randomblob(1000) from n`.execute(db);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(WAL_KEEP_BYTES);

    // Copied back (as the checkpointer's thread does), then the next commit starts the WAL again.
    await sql`pragma wal_checkpoint(passive)`.execute(db);
    await sql`insert into notes (body) values (randomblob(10))`.execute(db);
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(WAL_KEEP_BYTES);
    expect(WAL_KEEP_BYTES).toBeGreaterThan(WAL_CHECKPOINT_PAGES * 4096);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
