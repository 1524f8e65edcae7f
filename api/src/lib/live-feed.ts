import type { FastifyInstance } from 'fastify';
import type { Client, Notification } from 'pg';

import { LIVE_CHANNEL } from '../db/audit-announcer';
import { dbKindOf, dedicatedClient, type Db } from '../db/connect';
import { newestAuditId } from '../repositories/audit-log';
import { liveEventsAfter } from '../repositories/live-events';
import type { LiveEvent } from '../schemas/live-events';
import { LiveHub } from './live-hub';

/** More missed events than this after a gap, and clients are told to re-read everything. */
const CATCH_UP_LIMIT = 1_000;
const RECONNECT_MS = 1_000;
/**
 * SQLite: how long after a call that may have written the new entries are
 * read. Under the counter's lends (1,000 a second) a read after every such
 * call took about 3 % of the API thread, whose time the lend's p99 waits
 * on; now one read serves the calls that end within this delay, and a
 * change still shows well within the 2 s a live panel allows.
 */
const CATCH_UP_DELAY_MS = 20;

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

/**
 * Feeds this process's LiveHub with every committed audit entry, whichever
 * process wrote it:
 * - PostgreSQL: one connection of its own LISTENs on `panel_live`; the
 *   writing process NOTIFYs there as soon as the entry's transaction has
 *   committed (db/audit-announcer.ts), and it arrives on every process. If that connection drops, it reconnects and catches up from the
 *   table (events are only "re-read" signals, so a repeat is harmless).
 * - SQLite: one process writes, so after each call that may have written,
 *   the new entries are read from the table and passed on.
 * Streams close before the server does (preClose), so a shutdown never
 * waits on an open stream.
 */
export async function registerLiveFeed(app: FastifyInstance, db: Db): Promise<void> {
  const hub = new LiveHub();
  hub.lastId = await newestAuditId(db);
  app.decorate('liveHub', hub);

  const catchUp = singleFlight(async () => {
    const events = await liveEventsAfter(db, hub.lastId, null, CATCH_UP_LIMIT + 1);
    if (events.length > CATCH_UP_LIMIT) {
      hub.lastId = await newestAuditId(db);
      hub.resyncAll();
      return;
    }
    for (const event of events) hub.publish(event);
  });

  let stopListening = async () => {};
  if (dbKindOf(db) === 'postgres') {
    stopListening = listen(db, hub, catchUp, (error) => app.log.warn(error, 'live feed'));
  } else {
    // One read for the calls that end within CATCH_UP_DELAY_MS of each other.
    let soon: NodeJS.Timeout | null = null;
    app.addHook('onResponse', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || soon) return;
      soon = setTimeout(() => {
        soon = null;
        void catchUp().catch((error: unknown) => app.log.warn(error, 'live feed'));
      }, CATCH_UP_DELAY_MS);
    });
    stopListening = async () => {
      if (soon) clearTimeout(soon);
    };
  }
  app.addHook('preClose', async () => {
    hub.closeAll();
    await stopListening();
  });
}

/** Runs `task` once at a time; a call made while it runs runs it once more afterwards. */
function singleFlight(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await task();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return run;
}

/** A NOTIFY's events (an array, see db/audit-announcer.ts); none if it is not ours. */
function eventsOf(message: Notification): LiveEvent[] {
  if (message.channel !== LIVE_CHANNEL) return [];
  try {
    const events = JSON.parse(message.payload ?? '') as unknown;
    return Array.isArray(events)
      ? events.filter((e): e is LiveEvent => typeof (e as LiveEvent | null)?.id === 'number')
      : [];
  } catch {
    return [];
  }
}

/** Keeps one LISTEN connection open until stopped; answers the stop function. */
function listen(
  db: Db,
  hub: LiveHub,
  catchUp: () => Promise<void>,
  warn: (error: unknown) => void,
): () => Promise<void> {
  let client: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    const next = dedicatedClient(db);
    if (!next || stopped) return;
    client = next;
    next.on('notification', (message) => {
      for (const event of eventsOf(message)) hub.publish(event);
    });
    const reopen = (error?: unknown) => {
      if (error) warn(error);
      if (client !== next || stopped) return;
      client = null;
      next.end().catch(() => {});
      retry = setTimeout(() => void open(), RECONNECT_MS);
    };
    next.on('error', reopen);
    next.on('end', () => reopen());
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      // Whatever committed while no connection listened.
      await catchUp();
    } catch (error) {
      reopen(error);
    }
  };
  void open();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
