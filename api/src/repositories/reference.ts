import type { Db } from '../db/connect';

/** Container type key → display label, in key order. */
export async function typeLabels(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('container_types')
    .select(['key', 'label'])
    .orderBy('key')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.label]));
}

export async function typeKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('container_types').select('key').orderBy('key').execute();
  return rows.map((r) => r.key);
}

/** Countries keyed by their own name, as the QR page reads them. */
export async function countryMap(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom('countries').select('name').orderBy('name').execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.name]));
}

export async function countryExists(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('countries')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
