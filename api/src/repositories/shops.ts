import type { Updateable } from 'kysely';

import { compiledOnce } from '../db/compiled-once';
import type { Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import type { NewShop, ShopRow, ShopStatusChangeRow, ShopTable } from '../db/schema';
import { actingAs, recordAudit, type AuditContext } from '../lib/audit';
import { normaliseEmail } from '../lib/email';
import { ALL_SHOPS, bumpCounts, countsOf, sumPrefix } from './figures';
import type { Shop } from '../schemas/shop';
import type { Page } from './paging';

/** The one mapping from a row to the API's shop shape (never the password hash). */
export function toApiShop(row: ShopRow): Shop {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    logo: row.logo,
    created_date: row.created_date,
    status: row.status,
    x_gis: row.x_gis === null ? null : Number(row.x_gis),
    y_gis: row.y_gis === null ? null : Number(row.y_gis),
  };
}

/** Compiled once (db/compiled-once.ts): every call of a shop user reads it (lib/auth.ts). */
export async function findShopById(db: Db, id: number): Promise<ShopRow | undefined> {
  const { rows } = await db.executeQuery(
    compiledOnce(db, 'shop by id', [id], (valueAt) =>
      db.selectFrom('shops').selectAll().where('id', '=', valueAt(0)),
    ),
  );
  return rows[0];
}

export function findShopByEmail(db: Db, email: string): Promise<ShopRow | undefined> {
  return db
    .selectFrom('shops')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export async function emailTaken(db: Db, email: string, exceptShopId?: number): Promise<boolean> {
  const lower = normaliseEmail(email);
  let shops = db.selectFrom('shops').select('id').where('email', '=', lower);
  if (exceptShopId !== undefined) shops = shops.where('id', '<>', exceptShopId);
  const [shop, admin] = await Promise.all([
    shops.executeTakeFirst(),
    db.selectFrom('admins').select('id').where('email', '=', lower).executeTakeFirst(),
  ]);
  return shop !== undefined || admin !== undefined;
}

/** All shops, newest id first (the shop list's order). */
export async function listShops(db: Db, page: Page): Promise<{ total: number; items: Shop[] }> {
  let query = db.selectFrom('shops').selectAll().orderBy('id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const [rows, counts] = await Promise.all([query.execute(), countsOf(db, ALL_SHOPS)]);
  return { total: sumPrefix(counts, 'shops:'), items: rows.map(toApiShop) };
}

/** The newest shops (the provider's dashboard), kept while the database is unchanged (keptRead). */
export function newestShops(db: Db, count: number): Promise<ShopRow[]> {
  return keptRead(db, `newestShops:${count}`, () =>
    db
      .selectFrom('shops')
      .selectAll()
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .execute(),
  );
}

/** Adds a shop; its entry in the audit log (shop.register) commits with it. */
export async function insertShop(db: Db, audit: AuditContext, shop: NewShop): Promise<ShopRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('shops')
      .values({ ...shop, email: normaliseEmail(shop.email) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpCounts(trx, [{ scope: ALL_SHOPS, name: `shops:${row.status}`, delta: 1 }]);
    await recordAudit(trx, audit, {
      action: 'shop.register',
      target: { kind: 'shop', id: row.id, label: row.name },
      details: { status: row.status },
    });
    return row;
  });
}

export async function updateShop(
  db: Db,
  id: number,
  changes: Updateable<ShopTable>,
): Promise<ShopRow | undefined> {
  const values = changes.email ? { ...changes, email: normaliseEmail(changes.email) } : changes;
  if (Object.keys(values).length === 0) return findShopById(db, id);
  return db.updateTable('shops').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Who changed a shop's status, when and why (the status history's row). */
export interface StatusChange {
  reason: string | null;
  adminId: number | null;
  at: string;
}

/**
 * Moves a shop to `status` unless it is already there, in one guarded update,
 * so of parallel calls exactly one changes it, and records the change in the
 * status history in the same transaction. Deactivating also bumps
 * token_version: tokens issued before must not come back to life when the
 * shop is activated again. Answers whether this call made the change.
 */
export async function changeShopStatus(
  db: Db,
  id: number,
  status: ShopRow['status'],
  change: StatusChange,
  audit: AuditContext,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('shops')
      .set((eb) => ({
        status,
        token_version:
          status === 'inactive' ? eb('token_version', '+', 1) : eb.ref('token_version'),
      }))
      .where('id', '=', id)
      .where('status', '<>', status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('shop_status_changes')
      .values({
        shop_id: id,
        status,
        reason: change.reason,
        changed_at: change.at,
        changed_by: change.adminId,
      })
      .execute();
    const before = status === 'active' ? 'inactive' : 'active';
    await bumpCounts(trx, [
      { scope: ALL_SHOPS, name: `shops:${before}`, delta: -1 },
      { scope: ALL_SHOPS, name: `shops:${status}`, delta: 1 },
    ]);
    await recordAudit(trx, audit, {
      action: status === 'active' ? 'shop.activate' : 'shop.deactivate',
      target: { kind: 'shop', id, label: await shopName(trx, id) },
      details: { reason: change.reason },
    });
    return true;
  });
}

/** A shop's status changes, newest first. */
export function statusHistory(db: Db, shopId: number): Promise<ShopStatusChangeRow[]> {
  return db
    .selectFrom('shop_status_changes')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('id', 'desc')
    .execute();
}

/** Why the shop was last deactivated (null: no reason given, or none recorded). */
export async function deactivationReason(db: Db, shopId: number): Promise<string | null> {
  const row = await db
    .selectFrom('shop_status_changes')
    .select('reason')
    .where('shop_id', '=', shopId)
    .where('status', '=', 'inactive')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.reason ?? null;
}

async function shopName(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('shops').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

/**
 * Sets a new password and bumps token_version so every earlier token stops
 * working, with its audit entry (never the password) in the same transaction:
 * the caller's, or one of its own. By reset code or set-password link the
 * shop itself is the actor; by the super admin, the caller's actor.
 */
export async function setShopPassword(
  db: Db,
  id: number,
  passwordHash: string,
  audit: AuditContext,
  action: 'password.set_by_admin' | 'password.reset' | 'password.set_by_link',
): Promise<void> {
  const write = async (trx: Db) => {
    const row = await trx
      .updateTable('shops')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst();
    if (!row) return;
    const actor =
      action === 'password.set_by_admin'
        ? audit
        : actingAs(audit, { id, role: 'shop', name: row.name });
    await recordAudit(trx, actor, { action, target: { kind: 'shop', id, label: row.name } });
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/**
 * A shop's own password change: only if the hash is still the one the
 * current password was checked against (a change meanwhile wins), bumping
 * token_version so every earlier token stops working. Answers the new
 * token_version, or null when the hash had changed.
 */
export async function changeOwnShopPassword(
  db: Db,
  id: number,
  verifiedHash: string,
  newHash: string,
  audit: AuditContext,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('shops')
      .set((eb) => ({ password_hash: newHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .where('password_hash', '=', verifiedHash)
      .returning(['token_version', 'name'])
      .executeTakeFirst();
    if (!row) return null;
    await recordAudit(trx, audit, {
      action: 'password.change_own',
      target: { kind: 'shop', id, label: row.name },
    });
    return Number(row.token_version);
  });
}

/**
 * Replaces a password hash with one at today's parameters, keeping the
 * sessions (same password, so token_version stays). Only if the hash is still
 * the one that was verified: a password change meanwhile wins.
 */
export async function upgradePasswordHash(
  db: Db,
  account: { kind: 'admin' | 'shop'; id: number },
  verifiedHash: string,
  newHash: string,
): Promise<void> {
  await db
    .updateTable(account.kind === 'admin' ? 'admins' : 'shops')
    .set({ password_hash: newHash })
    .where('id', '=', account.id)
    .where('password_hash', '=', verifiedHash)
    .execute();
}

/** Bumps an account's token_version: every token issued before stops working ("sign out everywhere"). */
export async function revokeTokens(
  db: Db,
  account: { kind: 'admin' | 'shop'; id: number },
  audit: AuditContext,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable(account.kind === 'admin' ? 'admins' : 'shops')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', account.id)
      .execute();
    await recordAudit(trx, audit, {
      action: 'logout.everywhere',
      target: { kind: account.kind, id: account.id, label: audit.actor.name },
    });
  });
}

export function findAdminByEmail(db: Db, email: string) {
  return db
    .selectFrom('admins')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

/** Compiled once (db/compiled-once.ts): every call of the super admin reads it (lib/auth.ts). */
export async function findAdminById(db: Db, id: number) {
  const { rows } = await db.executeQuery(
    compiledOnce(db, 'admin by id', [id], (valueAt) =>
      db.selectFrom('admins').selectAll().where('id', '=', valueAt(0)),
    ),
  );
  return rows[0];
}
