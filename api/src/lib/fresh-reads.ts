import type { FastifyRequest } from 'fastify';

/**
 * Whether a call asks for the data as of now (`Cache-Control: no-cache`).
 * The panel asks so when it re-reads after a live event, and then a costly
 * read kept by recentRead (db/kept-reads.ts) is not answered from before
 * the change the event told of.
 */
export function asksFresh(request: FastifyRequest): boolean {
  return /\bno-cache\b/i.test(request.headers['cache-control'] ?? '');
}
