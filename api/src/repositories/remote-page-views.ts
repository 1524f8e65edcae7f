import type { Db } from '../db/connect';
import type { ViewTicket } from '../lib/view-tickets';

/** Views older than this are swept (a week is far longer than any canary's window). */
const KEEP_MS = 7 * 24 * 3600e3;
const SWEEP_EVERY = 1000;
let inserted = 0;

export type FailureReason = 'load' | 'render' | 'rejection';

/**
 * Stores the page view a ticket names; false if it was stored already. The
 * unique key on `view` decides, so of two identical reports racing on two
 * API processes one is stored.
 */
export async function recordPageView(
  db: Db,
  ticket: ViewTicket,
  now = Date.now(),
): Promise<boolean> {
  inserted += 1;
  if (inserted % SWEEP_EVERY === 0) {
    await db
      .deleteFrom('remote_page_views')
      .where('created_at', '<', now - KEEP_MS)
      .execute();
  }
  const result = await db
    .insertInto('remote_page_views')
    .values({
      view: ticket.view,
      remote: ticket.remote,
      version: ticket.version,
      created_at: now,
    })
    .onConflict((oc) => oc.column('view').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Marks a stored page view as failed: 'recorded', 'unknown' when its load was
 * never stored, or 'already' when it has failed before. The update's
 * condition decides, so two racing failures of one view mark it once.
 */
export async function recordPageFailure(
  db: Db,
  ticket: ViewTicket,
  reason: FailureReason | null,
  now = Date.now(),
): Promise<'recorded' | 'unknown' | 'already'> {
  const result = await db
    .updateTable('remote_page_views')
    .set({ failed_at: now, reason })
    .where('view', '=', ticket.view)
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'recorded';
  const stored = await db
    .selectFrom('remote_page_views')
    .select('id')
    .where('view', '=', ticket.view)
    .executeTakeFirst();
  return stored ? 'already' : 'unknown';
}

/**
 * Page views and failures of one remote version over its last `last` views.
 * Each view is one signed ticket, so `loads` counts distinct page views.
 */
export async function summarizePageViews(
  db: Db,
  remote: string,
  version: string,
  last: number,
): Promise<{ loads: number; failures: number }> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('remote_page_views')
        .select('failed_at')
        .where('remote', '=', remote)
        .where('version', '=', version)
        .orderBy('id', 'desc')
        .limit(last)
        .as('recent'),
    )
    .select((eb) => [
      eb.fn.countAll<string | number>().as('loads'),
      eb.fn.count<string | number>('failed_at').as('failures'),
    ])
    .executeTakeFirstOrThrow();
  return { loads: Number(row.loads), failures: Number(row.failures) };
}
