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
