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

/** How to read one page of a list whose length is known: in its order, or from its far end. */
export interface PageRead {
  /** Read in the reverse order (then put back in the list's order). */
  reversed: boolean;
  limit: number;
  offset: number;
}

/**
 * An offset is rows skipped in the index, so a page past the middle of a
 * long list (the last page of 50,000 loans) is read from the far end of the
 * index instead: the same rows, skipping total − offset − limit entries
 * rather than offset. The total comes from the kept counters.
 */
export function nearerEnd(limit: number, offset: number, total: number): PageRead {
  const fromEnd = total - offset - limit;
  if (offset < total && fromEnd < offset) {
    return { reversed: true, limit: Math.min(limit, total - offset), offset: Math.max(0, fromEnd) };
  }
  return { reversed: false, limit, offset };
}
