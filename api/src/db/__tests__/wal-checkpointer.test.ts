import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';

import { connect, type Db } from '../connect';
import { IDLE_CHECK_MS, NICENESS, startWalCheckpointer } from '../wal-checkpointer';

let dir: string;
let file: string;
let db: Db;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'panel-checkpointer-'));
  file = path.join(dir, 'panel.sqlite');
  db = connect(`sqlite:${file}`).db;
  await sql`create table notes (body blob not null)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** About 1 MB in one commit: far under wal_autocheckpoint, so it stays in the WAL. */
async function writeAMegabyte(): Promise<void> {
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000)
    insert into notes (body) select randomblob(1000) from n`.execute(db);
}

async function fileSizeReaches(bytes: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (statSync(file).size >= bytes) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('copies a commit from the WAL into the file without the writing connection', async () => {
  await writeAMegabyte();
  // Nothing copies it on its own: the commit was under wal_autocheckpoint.
  expect(await fileSizeReaches(1_000_000, 2 * IDLE_CHECK_MS)).toBe(false);

  const checkpointer = startWalCheckpointer(file);
  try {
    expect(await fileSizeReaches(1_000_000, 5_000)).toBe(true);
    // And the next one, while the thread runs.
    await writeAMegabyte();
    expect(await fileSizeReaches(2_000_000, 5_000)).toBe(true);
  } finally {
    await checkpointer.stop();
  }
});

it('says so when it cannot open the file, and stops cleanly', async () => {
  const errors: string[] = [];
  const checkpointer = startWalCheckpointer(path.join(dir, 'missing.sqlite'), (message) =>
    errors.push(message),
  );
  const until = Date.now() + 5_000;
  while (errors.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(errors.join('\n')).toMatch(/missing\.sqlite|unable to open|does not exist/i);
  await checkpointer.stop();
});

/** The niceness of each of this process's threads (Linux: field 19 of /proc/self/task/<id>/stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').flatMap((id) => {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      // The fields after the command name, which is in brackets and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [Number(fields[16])];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });
}

// Linux, where the panel runs: elsewhere the thread keeps the process's priority.
it('runs its thread below the threads that answer calls', async () => {
  const before = threadNiceness().filter((n) => n === NICENESS).length;
  const checkpointer = startWalCheckpointer(file);
  try {
    const until = Date.now() + 5_000;
    while (threadNiceness().filter((n) => n === NICENESS).length === before && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(threadNiceness().filter((n) => n === NICENESS)).toHaveLength(before + 1);
  } finally {
    await checkpointer.stop();
  }
});
