import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';

import { connect, WAL_CHECKPOINT_PAGES } from '../connect';

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
