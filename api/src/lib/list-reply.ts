import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

import type { Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import type { Page } from '../repositories/paging';

/** Rows per database read while an un-paged list streams out. */
export const STREAM_PAGE = 2_000;

type Lister<T> = (page: Page) => Promise<{ total: number; items: T[] }>;

/** The list a call reads, named with every argument but the page, so its pages can be kept. */
export interface ListSource {
  db: Db;
  key: string;
}

/**
 * Answers a list call. A page (`limit` given) is read and sent as usual,
 * kept while the database is unchanged (keptRead: the tabs and the first
 * pages are asked for again and again; any write drops them). A
 * whole list (the spec's default answer) streams out as one JSON array,
 * read STREAM_PAGE rows at a time as the client takes it, so its size
 * bounds neither the API's memory nor the time one read holds the database
 * (a 50,000-loan list is 25 short reads, not one long one). The pages are
 * separate reads: a write landing meanwhile may show in the later pages only.
 */
export async function sendList<T>(
  reply: FastifyReply,
  source: ListSource,
  page: Page,
  list: Lister<T>,
): Promise<T[] | FastifyReply> {
  if (page.limit !== undefined) {
    const { total, items } = await keptRead(
      source.db,
      `page:${source.key}:${page.limit}:${page.offset ?? 0}`,
      () => list(page),
      Math.max(1, page.limit),
    );
    reply.header('X-Total-Count', total);
    return items;
  }
  const start = page.offset ?? 0;
  const first = await list({ limit: STREAM_PAGE, offset: start });
  reply.header('X-Total-Count', first.total).type('application/json; charset=utf-8');
  // Bytes, not objects: Readable.from would otherwise read up to 16 pages
  // ahead of a slow client (megabytes per open list); this way the next page
  // is read only once the previous one has gone out.
  return reply.send(
    Readable.from(jsonArray(first.items, list, start), { objectMode: false, highWaterMark: 1 }),
  );
}

async function* jsonArray<T>(first: T[], list: Lister<T>, start: number): AsyncGenerator<string> {
  let items = first;
  let offset = start;
  let separator = '[';
  for (;;) {
    if (items.length > 0) {
      yield separator + items.map((item) => JSON.stringify(item)).join(',');
      separator = ',';
    }
    if (items.length < STREAM_PAGE) break;
    offset += STREAM_PAGE;
    items = (await list({ limit: STREAM_PAGE, offset })).items;
  }
  yield separator === '[' ? '[]' : ']';
}
