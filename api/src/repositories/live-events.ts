import type { Db } from '../db/connect';
import type { LiveEvent } from '../schemas/live-events';

/**
 * The live events are the audit log's entries seen from the side: each says
 * only what changed (the action, the target's kind and id, and the shop),
 * and its id is the entry's, so a client that reconnects with the last id it
 * saw is sent what it missed from the table (routes/events).
 */
export async function liveEventsAfter(
  db: Db,
  afterId: number,
  shopId: number | null,
  limit: number,
): Promise<LiveEvent[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['id', 'action', 'target_kind', 'target_id', 'shop_id'])
    .where('id', '>', afterId);
  // The shop's index (shop_id, id) walks a shop's entries in id order.
  if (shopId !== null) query = query.where('shop_id', '=', shopId);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    kind: row.target_kind,
    target: row.target_id,
    shop: row.shop_id,
  }));
}
