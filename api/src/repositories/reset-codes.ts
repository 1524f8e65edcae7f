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

export function findResetCode(db: Db, shopId: number) {
  return db.selectFrom('reset_codes').selectAll().where('shop_id', '=', shopId).executeTakeFirst();
}

export async function countWrongTry(db: Db, shopId: number): Promise<void> {
  await db
    .updateTable('reset_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('shop_id', '=', shopId)
    .execute();
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
