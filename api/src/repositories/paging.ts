/** limit absent = the whole list (the spec's default); offset defaults to 0. */
export interface Page {
  limit?: number;
  offset?: number;
}

/**
 * Ids per `IN (…)` when a whole list is shaped: far under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters, so an un-paged list of any size is a
 * few queries, never one statement the database refuses.
 */
export const IN_CHUNK = 5_000;

/** `ids` in slices of at most IN_CHUNK. */
export function chunks<T>(ids: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
