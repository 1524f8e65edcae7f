import type { Db } from '../db/connect';
import type { AuditContext } from '../lib/audit';
import { setShopPassword } from './shops';

export const SET_PASSWORD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export async function storeSetPasswordToken(
  db: Db,
  shopId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('set_password_tokens')
    .values({
      token_hash: tokenHash,
      shop_id: shopId,
      expires_at: new Date(now.getTime() + SET_PASSWORD_TOKEN_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
}

export async function deleteSetPasswordToken(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('set_password_tokens').where('token_hash', '=', tokenHash).execute();
}

export type SetPasswordOutcome = 'set' | 'used' | 'expired' | 'unknown';

/**
 * Uses a token once: marking it used and setting the password happen in one
 * transaction, and the conditional update lets only one of two racing calls
 * through. A refused token says why (used, expired, unknown), so the page can
 * tell the shop what to do next.
 */
export async function setPasswordWithToken(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
  audit: AuditContext,
): Promise<SetPasswordOutcome> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('set_password_tokens')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning('shop_id')
      .executeTakeFirst();
    if (taken) {
      await setShopPassword(trx, taken.shop_id, passwordHash, audit, 'password.set_by_link');
      return 'set';
    }
    const row = await trx
      .selectFrom('set_password_tokens')
      .select('used_at')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return 'unknown';
    return row.used_at === null ? 'expired' : 'used';
  });
}
