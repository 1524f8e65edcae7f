import type { Db } from '../db/connect';
import type { RemoteLoadReport } from '../schemas/telemetry';

/** Reports older than this are swept (a week is far longer than any canary's window). */
const KEEP_MS = 7 * 24 * 3600e3;
const SWEEP_EVERY = 1000;
let inserted = 0;

export async function insertRemoteLoadReport(
  db: Db,
  report: RemoteLoadReport,
  now = Date.now(),
): Promise<void> {
  inserted += 1;
  if (inserted % SWEEP_EVERY === 0) {
    await db
      .deleteFrom('remote_load_reports')
      .where('created_at', '<', now - KEEP_MS)
      .execute();
  }
  await db
    .insertInto('remote_load_reports')
    .values({
      remote: report.remote,
      version: report.version,
      event: report.event,
      reason: report.event === 'error' ? (report.reason ?? null) : null,
      created_at: now,
    })
    .execute();
}

/**
 * Loads and failures of one remote version over its last `last` page loads:
 * the newest `last` load reports, and the error reports since the oldest of them.
 */
export async function summarizeRemoteLoads(
  db: Db,
  remote: string,
  version: string,
  last: number,
): Promise<{ loads: number; failures: number }> {
  const loads = await db
    .selectFrom('remote_load_reports')
    .select('id')
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('event', '=', 'load')
    .orderBy('id', 'desc')
    .limit(last)
    .execute();
  if (loads.length === 0) return { loads: 0, failures: 0 };
  const oldest = Math.min(...loads.map((row) => Number(row.id)));
  const row = await db
    .selectFrom('remote_load_reports')
    .select((eb) => eb.fn.countAll<string | number>().as('failures'))
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('event', '=', 'error')
    .where('id', '>', oldest)
    .executeTakeFirstOrThrow();
  return { loads: loads.length, failures: Number(row.failures) };
}
