import { sql } from 'kysely';

import { dbKindOf, type Db } from '../db/connect';
import type { ContainerRequestRow } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { recordAudit, type AuditContext } from '../lib/audit';
import { ALL_SHOPS, PROVIDER, bumpCounts, countsOf, shopAndAll, type CountDelta } from './figures';
import type {
  ContainerRequest,
  Decision,
  RequestedContainers,
  RequestOrder,
  RequestStatus,
} from '../schemas/container-request';
import { chunks, nearerEnd, type Page } from './paging';

type RequestWithShop = ContainerRequestRow & { shop_name: string };

/** The one mapping from rows to the API's request shape. */
export function toApiRequest(
  row: RequestWithShop,
  items: ContainerRequest['items'],
): ContainerRequest {
  return {
    id: row.id,
    status: row.status,
    request_date: row.request_date,
    shop: { id: row.shop_id, name: row.shop_name },
    items,
    decided_at: row.decided_at,
    explanation: row.explanation,
    sent_at: row.sent_at,
    received_at: row.received_at,
  };
}

function withShop(db: Db) {
  return db
    .selectFrom('container_requests')
    .innerJoin('shops', 'shops.id', 'container_requests.shop_id')
    .selectAll('container_requests')
    .select('shops.name as shop_name');
}

async function shape(db: Db, rows: RequestWithShop[]): Promise<ContainerRequest[]> {
  if (rows.length === 0) return [];
  const byRequest = new Map<number, ContainerRequest['items']>();
  for (const ids of chunks(rows.map((r) => r.id))) {
    const items = await db
      .selectFrom('request_items')
      .select(['request_id', 'quantity', 'container_type', 'approved'])
      .where('request_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const item of items) {
      const list = byRequest.get(item.request_id) ?? [];
      list.push({
        quantity: Number(item.quantity),
        container_type: item.container_type,
        approved: item.approved === null ? null : Number(item.approved),
      });
      byRequest.set(item.request_id, list);
    }
  }
  return rows.map((row) => toApiRequest(row, byRequest.get(row.id) ?? []));
}

/**
 * Requests oldest first by default, or newest first (by request date, then
 * id) for paging; one shop's when shopId is set, every shop's otherwise.
 */
export async function listRequests(
  db: Db,
  filter: { shopId: number | null; status?: RequestStatus },
  page: Page,
  order: RequestOrder = 'oldest',
): Promise<{ total: number; items: ContainerRequest[] }> {
  // A page's ids come from an index alone ((shop_id,) status, request_date,
  // id), walked backwards for newest first, so a deep offset skips index
  // entries; only the page's rows are joined to shops.
  const newestFirst = order === 'newest';
  const counts = await countsOf(db, filter.shopId ?? ALL_SHOPS);
  const statuses: RequestStatus[] = filter.status
    ? [filter.status]
    : ['PENDING', 'APPROVED', 'DENIED', 'CANCELLED'];
  const total = statuses.reduce((sum, status) => sum + (counts.get(`requests:${status}`) ?? 0), 0);
  // A page past the middle is read from the far end of the index.
  const read = page.limit === undefined ? null : nearerEnd(page.limit, page.offset ?? 0, total);
  const direction = newestFirst === (read?.reversed ?? false) ? 'asc' : 'desc';
  let ids = db.selectFrom('container_requests').select('id');
  ids = newestFirst
    ? ids.orderBy('request_date', direction).orderBy('id', direction)
    : ids.orderBy('id', direction);
  if (filter.shopId !== null) ids = ids.where('shop_id', '=', filter.shopId);
  if (filter.status) ids = ids.where('status', '=', filter.status);
  if (read) ids = ids.limit(read.limit).offset(read.offset);
  const inPage = withShop(db).where('container_requests.id', 'in', ids);
  const query = newestFirst
    ? inPage
        .orderBy('container_requests.request_date', 'desc')
        .orderBy('container_requests.id', 'desc')
    : inPage.orderBy('container_requests.id', 'asc');
  return { total, items: await shape(db, await query.execute()) };
}

export async function findRequest(db: Db, id: number): Promise<ContainerRequest | undefined> {
  const row = await withShop(db).where('container_requests.id', '=', id).executeTakeFirst();
  return row ? (await shape(db, [row]))[0] : undefined;
}

export async function createRequest(
  db: Db,
  audit: AuditContext,
  shopId: number,
  items: RequestedContainers,
): Promise<ContainerRequest> {
  const now = audit.now;
  const id = await db.transaction().execute(async (trx) => {
    const request = await trx
      .insertInto('container_requests')
      .values({
        shop_id: shopId,
        status: 'PENDING',
        request_date: now.toISOString(),
        decided_at: null,
        reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('request_items')
      .values(
        items.map((i) => ({
          request_id: request.id,
          container_type: i.container_type,
          quantity: i.count,
        })),
      )
      .execute();
    await bumpCounts(trx, shopAndAll(shopId, 'requests:PENDING', 1));
    await recordAudit(trx, audit, {
      action: 'request.create',
      target: { kind: 'request', id: request.id, label: `Request ${request.id}` },
      shopId,
      details: { items: items.map((i) => ({ type: i.container_type, count: i.count })) },
    });
    return request.id;
  });
  return (await findRequest(db, id)) as ContainerRequest;
}

/**
 * Up to `quantity` ids of the provider's free containers of a type. On
 * PostgreSQL they come locked (FOR UPDATE SKIP LOCKED): two approvals racing
 * for the stock take disjoint containers instead of both reading the same
 * free rows, and neither waits on the other. SQLite runs one write
 * transaction at a time, so a plain read is already exclusive there.
 */
async function claimProviderStock(trx: Db, type: string, quantity: number): Promise<number[]> {
  let query = trx
    .selectFrom('containers')
    .select('id')
    .where('shop_id', 'is', null)
    .where('loan_id', 'is', null)
    .where('type_key', '=', type)
    .orderBy('id')
    .limit(quantity);
  if (dbKindOf(trx) === 'postgres') query = query.forUpdate().skipLocked();
  return (await query.execute()).map((row) => row.id);
}

/** The audit target of a request: its id, labelled with its shop's name. */
function requestTarget(request: { id: number; shop_id: number; shop_name: string }) {
  return {
    target: {
      kind: 'request' as const,
      id: request.id,
      label: `Request ${request.id} (${request.shop_name})`,
    },
    shopId: request.shop_id,
  };
}

const DONE_WORDS: Record<Exclude<RequestStatus, 'PENDING'>, string> = {
  APPROVED: 'approved',
  DENIED: 'denied',
  CANCELLED: 'cancelled',
};

/** The refusal of a change to a request no longer PENDING, naming what became of it. */
function alreadyDecided(status: RequestStatus): string {
  return status === 'PENDING'
    ? 'This request was already decided.'
    : `This request was already ${DONE_WORDS[status]}.`;
}

/**
 * A shop withdraws its own PENDING request. Like decideRequest, the update
 * itself requires PENDING, so a cancel racing an approval or a denial: the
 * one that writes first wins and the other gets a 409. Another shop's
 * request is not found, as if it did not exist.
 */
export async function cancelRequest(
  db: Db,
  audit: AuditContext,
  shopId: number,
  id: number,
  now = new Date(),
): Promise<ContainerRequest> {
  await db.transaction().execute(async (trx) => {
    const request = await withShop(trx)
      .where('container_requests.id', '=', id)
      .where('container_requests.shop_id', '=', shopId)
      .executeTakeFirst();
    if (!request) throw new NotFoundError('Container request not found.');
    if (request.status !== 'PENDING') throw new ConflictError(alreadyDecided(request.status));
    const claimed = await trx
      .updateTable('container_requests')
      .set({ status: 'CANCELLED', decided_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      const after = await trx
        .selectFrom('container_requests')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      throw new ConflictError(alreadyDecided(after.status));
    }
    await bumpCounts(trx, [
      ...shopAndAll(shopId, 'requests:PENDING', -1),
      ...shopAndAll(shopId, 'requests:CANCELLED', 1),
    ]);
    await recordAudit(trx, audit, { action: 'request.cancel', ...requestTarget(request) });
  });
  return (await findRequest(db, id)) as ContainerRequest;
}

export const SHOP_INACTIVE = 'This shop is inactive; activate it before approving its request.';

/**
 * The count to approve per line: all that was asked unless the super admin
 * gave fewer (a partial approval, down to 0 on a line but not on all).
 */
function approvedCounts(asked: readonly number[], given: readonly number[] | undefined): number[] {
  if (!given) return [...asked];
  if (given.length !== asked.length)
    throw new ValidationError(
      `Give one approved quantity per line: this request has ${asked.length} line${asked.length === 1 ? '' : 's'}.`,
    );
  given.forEach((count, i) => {
    const most = asked[i] ?? 0;
    if (count > most)
      throw new ValidationError(
        `Line ${i + 1}: at most ${most} can be approved, as many as were asked.`,
      );
  });
  if (given.every((count) => count === 0))
    throw new ValidationError('Approve at least one container, or deny the request.');
  return [...given];
}

/**
 * Approves (moving the approved quantities from the provider's stock to the
 * shop) or denies a PENDING request, all in one transaction: on any shortage
 * or bad count nothing changes. An approval may give fewer than asked per
 * line (`quantities`); a denial may carry an explanation for the shop.
 */
export async function decideRequest(
  db: Db,
  audit: AuditContext,
  id: number,
  decision: Decision,
  now = new Date(),
): Promise<ContainerRequest> {
  if (!decision.approved && decision.quantities)
    throw new ValidationError('Quantities are given only when approving.');
  const explanation = decision.explanation?.trim() || null;
  await db.transaction().execute(async (trx) => {
    const request = await withShop(trx).where('container_requests.id', '=', id).executeTakeFirst();
    if (!request) throw new NotFoundError('Container request not found.');
    if (request.status !== 'PENDING') throw new ConflictError(alreadyDecided(request.status));
    // Claiming the row first serialises two concurrent decisions on PostgreSQL.
    const claimed = await trx
      .updateTable('container_requests')
      .set({
        status: decision.approved ? 'APPROVED' : 'DENIED',
        decided_at: now.toISOString(),
        reason: decision.reason ?? '',
        explanation,
      })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1)
      throw new ConflictError('This request was already decided.');
    const deltas: CountDelta[] = [
      ...shopAndAll(request.shop_id, 'requests:PENDING', -1),
      ...shopAndAll(
        request.shop_id,
        decision.approved ? 'requests:APPROVED' : 'requests:DENIED',
        1,
      ),
    ];
    if (!decision.approved) {
      await trx
        .updateTable('request_items')
        .set({ approved: 0 })
        .where('request_id', '=', id)
        .execute();
      await bumpCounts(trx, deltas);
      await recordAudit(trx, audit, {
        action: 'request.deny',
        ...requestTarget(request),
        details: { reason: decision.reason ?? '', explanation },
      });
      return;
    }
    // A shop deactivated after it asked gets nothing until it is active again.
    // On PostgreSQL the shared lock holds off a deactivation until this commits.
    let shopQuery = trx.selectFrom('shops').select('status').where('id', '=', request.shop_id);
    if (dbKindOf(trx) === 'postgres') shopQuery = shopQuery.forShare();
    const shop = await shopQuery.executeTakeFirst();
    if (shop?.status !== 'active') throw new ConflictError(SHOP_INACTIVE);

    const items = await trx
      .selectFrom('request_items')
      .select(['id', 'container_type', 'quantity'])
      .where('request_id', '=', id)
      .orderBy('id')
      .execute();
    const counts = approvedCounts(
      items.map((item) => Number(item.quantity)),
      decision.quantities,
    );
    for (const [i, item] of items.entries()) {
      const wanted = counts[i] ?? 0;
      await trx
        .updateTable('request_items')
        .set({ approved: wanted })
        .where('id', '=', item.id)
        .execute();
      if (wanted === 0) continue;
      const ids = await claimProviderStock(trx, item.container_type, wanted);
      // Re-checking the owner in the update itself means a container that
      // another transaction moved meanwhile is never taken from its new shop;
      // counting what really moved catches any shortfall. The check is one
      // expression so that no index serves it: SQLite, without statistics,
      // would otherwise walk the provider's whole free stock in the place
      // index instead of looking up these ids.
      const moved =
        ids.length === 0
          ? 0
          : Number(
              (
                await trx
                  .updateTable('containers')
                  .set({ shop_id: request.shop_id })
                  .where('id', 'in', ids)
                  .where(sql`coalesce(shop_id, loan_id)`, 'is', null)
                  .executeTakeFirst()
              ).numUpdatedRows,
            );
      if (moved < wanted) {
        // Users read the type's label; the key is an internal name (issue 34).
        const type = await trx
          .selectFrom('container_types')
          .select('label')
          .where('key', '=', item.container_type)
          .executeTakeFirst();
        throw new ConflictError(
          `Not enough "${type?.label ?? item.container_type}" containers in the provider's stock: ${wanted} to approve, ${moved} available.`,
        );
      }
      const name = `in_stock:${item.container_type}` as const;
      deltas.push(
        { scope: PROVIDER, name, delta: -moved },
        ...shopAndAll(request.shop_id, name, moved),
      );
    }
    await bumpCounts(trx, deltas);
    await recordAudit(trx, audit, {
      action: 'request.approve',
      ...requestTarget(request),
      details: {
        reason: decision.reason ?? '',
        lines: items.map((item, i) => ({
          type: item.container_type,
          asked: Number(item.quantity),
          approved: counts[i] ?? 0,
        })),
      },
    });
  });
  return (await findRequest(db, id)) as ContainerRequest;
}

/**
 * The lifecycle past approval: the provider marks an approved request sent,
 * then the shop marks it received, each once. Stock already moved at
 * approval, so neither changes any count. The update itself requires the
 * step not done yet, so two clicks racing give one success and one 409.
 */
export async function markRequest(
  db: Db,
  audit: AuditContext,
  id: number,
  step: 'sent' | 'received',
  shopId: number | null,
  now = new Date(),
): Promise<ContainerRequest> {
  const column = step === 'sent' ? 'sent_at' : 'received_at';
  await db.transaction().execute(async (trx) => {
    let query = withShop(trx).where('container_requests.id', '=', id);
    if (shopId !== null) query = query.where('container_requests.shop_id', '=', shopId);
    const request = await query.executeTakeFirst();
    if (!request) throw new NotFoundError('Container request not found.');
    if (request.status !== 'APPROVED')
      throw new ConflictError(`Only an approved request can be marked ${step}.`);
    const updated = await trx
      .updateTable('container_requests')
      .set({ [column]: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'APPROVED')
      .where(column, 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new ConflictError(`This request was already marked ${step}.`);
    await recordAudit(trx, audit, { action: `request.${step}`, ...requestTarget(request) });
  });
  return (await findRequest(db, id)) as ContainerRequest;
}
