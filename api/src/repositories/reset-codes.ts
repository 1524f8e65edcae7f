import { createHash } from 'node:crypto';

import type { Db } from '../db/connect';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_TRIES = 5;

/** One live code per shop: a new request replaces the previous code. */
export async function storeResetCode(
  db: Db,
  shopId: number,
  codeHash: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('reset_codes').where('shop_id', '=', shopId).execute();
    await trx
      .insertInto('reset_codes')
      .values({
        shop_id: shopId,
        code_hash: codeHash,
        expires_at: new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString(),
        tries: 0,
      })
      .execute();
  });
}

export type ResetTry =
  | { outcome: 'none' }
  | { outcome: 'exhausted' }
  | { outcome: 'counted'; codeHash: string; expiresAt: string; triesLeft: number };

/**
 * Counts one try against the shop's code before it is checked, in a single
 * conditional update: parallel guesses each take a distinct try, so no more
 * than RESET_CODE_MAX_TRIES of them ever reach the comparison.
 */
export async function takeResetTry(db: Db, shopId: number): Promise<ResetTry> {
  const row = await db
    .updateTable('reset_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('shop_id', '=', shopId)
    .where('tries', '<', RESET_CODE_MAX_TRIES)
    .returning(['code_hash', 'expires_at', 'tries'])
    .executeTakeFirst();
  if (row) {
    return {
      outcome: 'counted',
      codeHash: row.code_hash,
      expiresAt: row.expires_at,
      // This try is counted: if it is wrong, so many remain.
      triesLeft: RESET_CODE_MAX_TRIES - Number(row.tries),
    };
  }
  const exists = await db
    .selectFrom('reset_codes')
    .select('shop_id')
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return { outcome: exists ? 'exhausted' : 'none' };
}

/**
 * Takes the code out of use, and says whether this call was the one that did:
 * of two resets racing with the same code, only one may go on.
 */
export async function consumeResetCode(db: Db, shopId: number, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('reset_codes')
    .where('shop_id', '=', shopId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteResetCode(db: Db, shopId: number): Promise<void> {
  await db.deleteFrom('reset_codes').where('shop_id', '=', shopId).execute();
}

/**
 * Decoys: for an e-mail without an account, the forget-password call stores
 * a stand-in (no code) and the reset step counts tries against it as against
 * a real code, so both answer alike: the same `tries_left`, the same 429.
 */
function decoyKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

export async function storeResetDecoy(db: Db, email: string, now = new Date()): Promise<void> {
  const values = {
    email_hash: decoyKey(email),
    expires_at: new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString(),
    tries: 0,
  };
  await db
    .insertInto('reset_decoys')
    .values(values)
    .onConflict((oc) =>
      oc.column('email_hash').doUpdateSet({ expires_at: values.expires_at, tries: 0 }),
    )
    .execute();
}

/** A try against an e-mail's decoy, counted as takeResetTry counts one (it can never succeed). */
export async function takeDecoyTry(db: Db, email: string, now = new Date()): Promise<ResetTry> {
  const key = decoyKey(email);
  // Expired decoys go, as an expired code does on its next try.
  await db
    .deleteFrom('reset_decoys')
    .where('email_hash', '=', key)
    .where('expires_at', '<=', now.toISOString())
    .execute();
  const row = await db
    .updateTable('reset_decoys')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('email_hash', '=', key)
    .where('tries', '<', RESET_CODE_MAX_TRIES)
    .returning(['expires_at', 'tries'])
    .executeTakeFirst();
  if (row) {
    return {
      outcome: 'counted',
      codeHash: '',
      expiresAt: row.expires_at,
      triesLeft: RESET_CODE_MAX_TRIES - Number(row.tries),
    };
  }
  const exists = await db
    .selectFrom('reset_decoys')
    .select('email_hash')
    .where('email_hash', '=', key)
    .executeTakeFirst();
  return { outcome: exists ? 'exhausted' : 'none' };
}
