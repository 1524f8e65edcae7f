import type { Db } from '../db/connect';
import { pruneAuditLog } from '../repositories/audit-log';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The entries older than `days` before `now` go; answers how many. */
export function pruneAudit(db: Db, days: number, now: Date): Promise<number> {
  return pruneAuditLog(db, new Date(now.getTime() - days * DAY_MS));
}

/**
 * Prunes the audit log once at start and then daily, from the API process.
 * Of two processes both may prune: the second finds nothing left to remove.
 * Unref'd, so it never keeps the process alive. Returns the stop function.
 */
export function startAuditPruneTimer(
  db: Db,
  options: { days: number; log: (error: unknown) => void },
): () => void {
  const tick = () => {
    pruneAudit(db, options.days, new Date()).catch(options.log);
  };
  tick();
  const timer = setInterval(tick, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
