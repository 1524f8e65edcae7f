import type { Db } from '../db/connect';

/** A shop's minimum free stock per container type key; a type without one is absent. */
export type StockMinimums = Record<string, number>;

export async function readStockMinimums(db: Db, shopId: number): Promise<StockMinimums> {
  const rows = await db
    .selectFrom('shop_stock_minimums')
    .select(['type_key', 'minimum'])
    .where('shop_id', '=', shopId)
    .orderBy('type_key')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.type_key, Number(row.minimum)]));
}

/**
 * Replaces the shop's minimums with `minimums` in one transaction: a type
 * left out, or set to 0, has no minimum any more.
 */
export async function replaceStockMinimums(
  db: Db,
  shopId: number,
  minimums: StockMinimums,
): Promise<void> {
  const rows = Object.entries(minimums)
    .filter(([, minimum]) => minimum > 0)
    .map(([type_key, minimum]) => ({ shop_id: shopId, type_key, minimum }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('shop_stock_minimums').where('shop_id', '=', shopId).execute();
    if (rows.length > 0) await trx.insertInto('shop_stock_minimums').values(rows).execute();
  });
}
