import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Limit, RouteLimits } from '../config';
import type { Db } from '../db/connect';
import { TooManyRequestsError } from '../errors';

/** Sweep expired windows once every this many hits, so the table stays small. */
const SWEEP_EVERY = 500;

/**
 * Counts one hit for `key` in a single statement (INSERT … ON CONFLICT DO
 * UPDATE … RETURNING): parallel hits from any number of API processes each
 * see a distinct count, and a window that has ended starts again at 1.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rate_limits.reset_at', '<=', now);
        return {
          hits: eb
            .case()
            .when(expired)
            .then(eb.val(1))
            .else(eb('rate_limits.hits', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when(expired)
            .then(eb.val(resetAt))
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        };
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) };
}

/** The hits of `key` in its current window, without counting one. */
export async function readRateLimit(
  db: Db,
  key: string,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  return row
    ? { current: Number(row.hits), ttl: Number(row.reset_at) - now }
    : { current: 0, ttl: 0 };
}

/** A @fastify/rate-limit store kept in the `rate_limits` table. */
export function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  let hits = 0;
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hits += 1;
      const sweep =
        hits % SWEEP_EVERY === 0
          ? db.deleteFrom('rate_limits').where('reset_at', '<=', Date.now()).execute()
          : Promise.resolve();
      sweep
        .then(() => hitRateLimit(db, key, timeWindow))
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }

    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ): void {
      readRateLimit(db, key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

/** Registers @fastify/rate-limit with the database store; routes opt in through `limiter`. */
export async function registerRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db) });
}

export type Enforce = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  limit: Limit,
) => Promise<void>;

function tooMany(reply: FastifyReply, seconds: number): TooManyRequestsError {
  reply.header('retry-after', seconds);
  return new TooManyRequestsError(
    `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  );
}

/** Counts a hit for `key` under `limit`: how many hits its window holds now, and when it ends. */
function counter(app: FastifyInstance) {
  return async (request: FastifyRequest, key: string, limit: Limit) => {
    const check = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: () => key,
    });
    const result = await check(request);
    if (result.isAllowed) return { exceeded: false, current: 0, ttlInSeconds: 0 };
    // `remaining` is max − hits while within the limit.
    const current = result.isExceeded ? limit.max + 1 : limit.max - result.remaining;
    return { exceeded: result.isExceeded, current, ttlInSeconds: result.ttlInSeconds };
  };
}

/**
 * Counts a hit for `key` and answers 429 `{error}` with Retry-After once the
 * limit is passed. One call site per limit, so a route can apply several (per
 * IP before the body is read, per account once the e-mail is known).
 */
export function limiter(app: FastifyInstance): Enforce {
  const count = counter(app);
  return async (request, reply, key, limit) => {
    const result = await count(request, key, limit);
    if (result.exceeded) throw tooMany(reply, result.ttlInSeconds);
  };
}

/**
 * The limits of one public account call, keyed by call name, client IP and
 * e-mail. They slow an attacker without locking the owner out: an address
 * is limited on its own and for each account it names, and an account that
 * many addresses have tried only slows down. Past the account's own limit,
 * an address gets just its first try for that account in the window, so
 * the owner, from an address that has not tried it yet, still gets through.
 */
export function accountCallLimits(app: FastifyInstance, call: string, limits: RouteLimits) {
  const count = counter(app);
  return {
    /** An onRequest hook: rejects before the body (a logo, say) is even read. */
    perIp: async (request: FastifyRequest, reply: FastifyReply) => {
      const hit = await count(request, `${call}:ip:${normalizeIP(request.ip)}`, limits.perIp);
      if (hit.exceeded) throw tooMany(reply, hit.ttlInSeconds);
    },
    perAccount: async (request: FastifyRequest, reply: FastifyReply, email: string) => {
      const account = email.trim().toLowerCase();
      // The IP first: it holds no '|', so no two pairs share a key.
      const pairKey = `${call}:account-ip:${normalizeIP(request.ip)}|${account}`;
      const pair = await count(request, pairKey, limits.perAccountIp);
      if (pair.exceeded) throw tooMany(reply, pair.ttlInSeconds);
      const whole = await count(request, `${call}:account:${account}`, limits.perAccount);
      if (whole.exceeded && pair.current > 1) throw tooMany(reply, whole.ttlInSeconds);
    },
  };
}
