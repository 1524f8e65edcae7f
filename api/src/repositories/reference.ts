import type { Db } from '../db/connect';

interface Reference {
  /** Container type key → display label, in key order. */
  types: Record<string, string>;
  keys: string[];
  /** Countries keyed by their own name. */
  countries: Record<string, string>;
}

/*
 * Container types and countries are reference data: the migrations and the
 * seeds write them before an API process serves, and no call changes them.
 * So each database handle reads them once, instead of every dashboard call
 * paying a query for the type list. An empty answer (a database not seeded
 * yet) is not kept.
 */
const kept = new WeakMap<Db, Promise<Reference>>();

async function readReference(db: Db): Promise<Reference> {
  const [types, countries] = await Promise.all([
    db.selectFrom('container_types').select(['key', 'label']).orderBy('key').execute(),
    db.selectFrom('countries').select('name').orderBy('name').execute(),
  ]);
  return {
    types: Object.fromEntries(types.map((r) => [r.key, r.label])),
    keys: types.map((r) => r.key),
    countries: Object.fromEntries(countries.map((r) => [r.name, r.name])),
  };
}

async function reference(db: Db): Promise<Reference> {
  // A transaction reads its own view.
  if (db.isTransaction) return readReference(db);
  let pending = kept.get(db);
  if (!pending) {
    pending = readReference(db);
    kept.set(db, pending);
    const read = await pending.catch(() => null);
    if (!read || read.keys.length === 0 || Object.keys(read.countries).length === 0) {
      kept.delete(db);
    }
  }
  const { types, keys, countries } = await pending;
  // Copies, so no caller can change what the next call gets.
  return { types: { ...types }, keys: [...keys], countries: { ...countries } };
}

/** Container type key → display label, in key order. */
export async function typeLabels(db: Db): Promise<Record<string, string>> {
  return (await reference(db)).types;
}

export async function typeKeys(db: Db): Promise<string[]> {
  return (await reference(db)).keys;
}

/** Countries keyed by their own name, as the QR page reads them. */
export async function countryMap(db: Db): Promise<Record<string, string>> {
  return (await reference(db)).countries;
}

export async function countryExists(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('countries')
    .select('name')
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}
