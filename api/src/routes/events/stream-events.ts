import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { callerOf } from '../../lib/auth';
import { changeFrame, type LiveViewer } from '../../lib/live-hub';
import { newestAuditId } from '../../repositories/audit-log';
import { liveEventsAfter } from '../../repositories/live-events';
import { errors } from '../../schemas/common';
import type { LiveEvent } from '../../schemas/live-events';

/** A client that missed more than this is told to re-read everything instead. */
const REPLAY_LIMIT = 500;
/** How soon a client retries a dropped stream (an API restart). */
const RECONNECT_MS = 1_000;

/** `Last-Event-ID` as an audit id, or null when absent or not one of ours. */
function lastSeenOf(header: string | null): number | null {
  if (header === null || !/^\d{1,10}$/.test(header)) return null;
  return Number(header);
}

/**
 * The caller's live events as server-sent events (issue 33): `change` with
 * what changed (kind and id, see LiveEventSchema), `resync` when the client
 * must re-read everything, and `ready` once the stream is live. A shop gets
 * its own events only, the super admin every one. A client that reconnects
 * with `Last-Event-ID` is sent what it missed first. The stream ends when
 * the caller's token expires; the client then reconnects with a fresh one.
 */
const streamEvents: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/events',
    {
      sse: { kind: 'only' },
      config: { auth: 'any' },
      schema: {
        tags: ['events'],
        summary:
          'Live events (text/event-stream): `change` {id, action, kind, target, shop}, `resync`, `ready`',
        response: errors(401, 403, 406),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const viewer: LiveViewer = { shopId: caller.kind === 'shop' ? caller.shopId : null };
      const sse = reply.sse;
      sse.keepAlive();

      // Events that arrive while the missed ones are read wait, so the
      // client gets them in order and its last id is the newest.
      let waiting: LiveEvent[] | null = [];
      // Written as they are: the hub serialises a batch once for every stream
      // that sees it (2,000 streams, one JSON.stringify), and the stream's head is sent.
      const write = (frame: string) => {
        if (sse.isConnected) reply.raw.write(frame);
      };
      const send = (event: LiveEvent) => write(changeFrame(event));
      const unsubscribe = app.liveHub.subscribe({
        viewer,
        deliver: (events, frames) => (waiting ? waiting.push(...events) : write(frames)),
        resync: () => void sse.send({ event: 'resync', data: {} }).catch(() => {}),
        close: () => sse.close(),
      });
      const expiry = setTimeout(() => sse.close(), caller.token.expiresAtMs - Date.now());
      sse.onClose(() => {
        unsubscribe();
        clearTimeout(expiry);
      });

      sse.sendHeaders();
      const newest = await newestAuditId(deps.db);
      const lastSeen = lastSeenOf(sse.lastEventId);
      const replayed = new Set<number>();
      if (sse.lastEventId !== null) {
        const missed =
          lastSeen === null || lastSeen > newest
            ? null
            : await liveEventsAfter(deps.db, lastSeen, viewer.shopId, REPLAY_LIMIT + 1);
        if (missed === null || missed.length > REPLAY_LIMIT)
          await sse.send({ event: 'resync', data: {} });
        else
          for (const event of missed) {
            replayed.add(event.id);
            send(event);
          }
      }
      const queued = waiting;
      waiting = null;
      // On PostgreSQL an event's NOTIFY may arrive after the subscription
      // although its entry was committed, and so replayed, already: once only.
      for (const event of queued) if (!replayed.has(event.id)) send(event);
      // The stream's id from here on, so a client that saw nothing yet resumes
      // from now; and a dropped stream is tried again after 1 s, not 3.
      await sse.send({
        id: String(Math.max(newest, lastSeen ?? 0)),
        event: 'ready',
        data: {},
        retry: RECONNECT_MS,
      });
    },
  );
};

export default streamEvents;
