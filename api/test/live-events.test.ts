import { sql } from 'kysely';

import { addStock, createTestContext, type TestContext } from './helpers';
import { openLiveStream, type LiveStream, type StreamEvent } from './live-stream';

// Live updates (issue 33): GET /api/v0/events streams what changed, as the
// audit log records it, to every panel allowed to see it: a shop its own
// changes, the super admin all. Reconnecting with Last-Event-ID sends what
// was missed. On PostgreSQL an event crosses API processes (LISTEN/NOTIFY).
let ctx: TestContext;
const streams: LiveStream[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => ctx.close());

async function open(
  token: string | undefined,
  headers: Record<string, string> = {},
  app = ctx.app,
) {
  const stream = await openLiveStream(app, token, headers);
  streams.push(stream);
  return stream;
}

/** A stream that is live: its `ready` event came. */
async function ready(token: string, headers: Record<string, string> = {}, app = ctx.app) {
  const stream = await open(token, headers, app);
  expect(stream.status).toBe(200);
  const { event, index } = await stream.next((e) => e.event === 'ready');
  return { stream, from: index, readyId: Number(event.id) };
}

async function ask(token: string): Promise<number> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/request_container/',
    token,
    payload: { containers: [{ container_type: 'cup', count: 1 }] },
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const change = (action: string, target: number) => (e: StreamEvent) =>
  e.event === 'change' &&
  (e.data as { action: string }).action === action &&
  (e.data as { target: number }).target === target;

describe('who sees what', () => {
  it("sends a shop its own changes, never another shop's, and the super admin all", async () => {
    const a = await ready(ctx.shopA.token);
    const b = await ready(ctx.shopB.token);
    const admin = await ready(ctx.admin.token);

    const ofA = await ask(ctx.shopA.token);
    const ofB = await ask(ctx.shopB.token);

    const seenByA = await a.stream.next(change('request.create', ofA), { from: a.from });
    expect(seenByA.event.data).toEqual({
      id: Number(seenByA.event.id),
      action: 'request.create',
      kind: 'request',
      target: ofA,
      shop: ctx.shopA.id,
    });
    await admin.stream.next(change('request.create', ofA), { from: admin.from });
    await admin.stream.next(change('request.create', ofB), { from: admin.from });
    // B's own change comes, and A's never came before it (events are in order).
    await b.stream.next(change('request.create', ofB), { from: b.from });
    const changesSeenByB = b.stream.events.filter((e) => e.event === 'change');
    expect(changesSeenByB.map((e) => (e.data as { shop: number }).shop)).toEqual([ctx.shopB.id]);
  });

  it("sends the super admin's decision to the shop it concerns", async () => {
    await addStock(ctx.db, null, 'cup', 5);
    const id = await ask(ctx.shopA.token);
    const a = await ready(ctx.shopA.token);
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v0/pack/containers/${id}/approve_or_deny/`,
      token: ctx.admin.token,
      payload: { approved: true, reason: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    await a.stream.next(change('request.approve', id), { from: a.from });
  });

  it('sends nothing for a call that changed nothing', async () => {
    const a = await ready(ctx.shopA.token);
    const ofB = await ask(ctx.shopB.token);
    // A cannot cancel B's request (404): no entry, so no event.
    const refused = await ctx.call({
      method: 'POST',
      url: `/api/v0/pack/container-requests/${ofB}/cancel`,
      token: ctx.shopA.token,
    });
    expect(refused.statusCode).toBe(404);
    const ofA = await ask(ctx.shopA.token);
    const { event } = await a.stream.next((e) => e.event === 'change', { from: a.from });
    expect(event.data).toEqual(expect.objectContaining({ action: 'request.create', target: ofA }));
  });
});

describe('the stream itself', () => {
  it('needs a token and an event-stream client', async () => {
    expect((await open(undefined)).status).toBe(401);
    const json = await ctx.app.inject({
      url: '/api/v0/events',
      headers: { accept: 'application/json', authorization: `JWT ${ctx.shopA.token}` },
    });
    expect(json.statusCode).toBe(406);
  });

  it('sends a client that reconnects what it missed, its own only, then ready', async () => {
    const { readyId } = await ready(ctx.shopA.token);
    const first = await ask(ctx.shopA.token);
    await ask(ctx.shopB.token);
    const second = await ask(ctx.shopA.token);

    const again = await open(ctx.shopA.token, { 'last-event-id': String(readyId) });
    const { index } = await again.next((e) => e.event === 'ready');
    const missed = again.events.slice(0, index - 1);
    expect(missed.map((e) => e.event)).toEqual(['change', 'change']);
    expect(missed.map((e) => (e.data as { target: number }).target)).toEqual([first, second]);
    expect(Number(again.events[index - 1]?.id)).toBeGreaterThan(readyId);
  });

  it('tells a client whose last id it cannot place to re-read everything', async () => {
    for (const lastId of ['not-a-number', '99999999']) {
      const stream = await open(ctx.shopA.token, { 'last-event-id': lastId });
      const { index } = await stream.next((e) => e.event === 'ready');
      // Live changes may follow the resync (an earlier test's, whose NOTIFY
      // came late on a busy PostgreSQL); nothing else comes before ready.
      const before = stream.events.slice(0, index - 1).map((e) => e.event);
      expect(before[0]).toBe('resync');
      expect(before.slice(1).filter((event) => event !== 'change')).toEqual([]);
    }
  });

  it('ends every open stream when the API shuts down, without waiting for them', async () => {
    const other = await ctx.startAnotherInstance();
    const stream = await openLiveStream(other, ctx.shopA.token);
    await stream.next((e) => e.event === 'ready');
    const ended = new Promise<void>((resolve) => stream.onEnd(resolve));
    await other.close();
    await ended;
  });
});

// Several API processes share a database on PostgreSQL only (SQLite has one).
if (process.env.TEST_DB === 'postgres') {
  describe('across API processes (PostgreSQL)', () => {
    it('brings a change made on one process to a client of another', async () => {
      const other = await ctx.startAnotherInstance();
      const a = await ready(ctx.shopA.token, {}, other);
      const id = await ask(ctx.shopA.token);
      await a.stream.next(change('request.create', id), { from: a.from, timeoutMs: 2_000 });
    });

    it('brings every one of many changes made at once to a client of another', async () => {
      // The writing process announces what commits while a NOTIFY is on its way in the next one.
      const other = await ctx.startAnotherInstance();
      const a = await ready(ctx.shopA.token, {}, other);
      const ids = await Promise.all(Array.from({ length: 30 }, () => ask(ctx.shopA.token)));
      for (const id of ids)
        await a.stream.next(change('request.create', id), { from: a.from, timeoutMs: 2_000 });
    });

    it('catches up after its listening connection drops', async () => {
      const a = await ready(ctx.shopA.token);
      const { rows } = await sql<{ ended: boolean }>`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where query = 'LISTEN panel_live' and datname = current_database()
          and pid <> pg_backend_pid()`.execute(ctx.db);
      expect(rows.length).toBeGreaterThan(0);
      const id = await ask(ctx.shopA.token);
      await a.stream.next(change('request.create', id), { from: a.from, timeoutMs: 5_000 });
    });
  });
}
