import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { compiledOnce } from '../db/compiled-once';
import { forwardsLoneWrites, type Db } from '../db/connect';
import { ConflictError, DomainError, IdempotencyKeyTakenError, ValidationError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something: an Idempotency-Key header makes a retry
     * replay the first answer. 'in-transaction': the handler claims the key
     * in its change's transaction (inIdempotentTransaction).
     */
    idempotent?: boolean | 'in-transaction';
  }
  interface FastifyRequest {
    /** The key this request claimed, to store its answer under when it is sent. */
    idempotencyClaim: { scope: string; key: string } | null;
    /** The key of an 'in-transaction' route, for its handler to claim. */
    idempotencyKey: IdempotencyKey | null;
  }
}

/** How long a first answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for a first call that is still running before it gives up. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
// Printable ASCII without spaces: UUIDs, ULIDs and the like, never a body.
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

function scopeOf(request: FastifyRequest): string {
  const caller = request.caller;
  if (caller?.kind === 'shop') return `shop:${caller.shopId}`;
  if (caller?.kind === 'admin') return `admin:${caller.adminId}`;
  return `ip:${request.ip}`;
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

type KeptAnswer = {
  route: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
};

async function readKept(db: Db, scope: string, key: string): Promise<KeptAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'fingerprint', 'status', 'body'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The first call's answer once it has one: a retry arriving while the first still runs waits for it. */
async function waitForAnswer(db: Db, scope: string, key: string): Promise<KeptAnswer | undefined> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const kept = await readKept(db, scope, key);
    if (!kept || kept.status !== null || Date.now() > deadline) return kept;
    await sleep(POLL_MS);
  }
}

function replay(reply: FastifyReply, kept: KeptAnswer & { status: number }): FastifyReply {
  return reply
    .code(kept.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(kept.body ?? '');
}

/** An Idempotency-Key as a call brings it: whose, for which call and body, and when. */
export interface IdempotencyKey {
  scope: string;
  key: string;
  route: string;
  fingerprint: string;
  /** ms since the epoch. */
  at: number;
}

/** The key as an 'in-transaction' route's change takes it: with the status its answer goes out with. */
export interface KeyInTransaction extends IdempotencyKey {
  status: number;
}

/**
 * A change's answer kept in its own transaction with its key
 * (keepAnswer): the JSON text the route sends as it is, so a retry gets
 * the very same text.
 */
export interface AnswerKept {
  keptAnswer: string;
}

const isAnswerKept = (result: unknown): result is AnswerKept =>
  typeof (result as Partial<AnswerKept> | null)?.keptAnswer === 'string';

/** Keeps a claimed key's answer, for its retries. */
export async function keepAnswer(
  db: Db,
  claim: { scope: string; key: string },
  status: number,
  body: string,
): Promise<void> {
  await db.executeQuery(
    compiledOnce(db, 'keep answer', [status, body, claim.scope, claim.key], (valueAt) =>
      db
        .updateTable('idempotency_keys')
        .set({ status: valueAt(0), body: valueAt(1) })
        .where('scope', '=', valueAt(2))
        .where('key', '=', valueAt(3)),
    ),
  );
}

/**
 * Claims `key` in one statement: a new key is inserted, a key past its 24 h
 * is taken over as new, and a key still kept is left as it is (false).
 */
async function claimKey(db: Db, key: IdempotencyKey): Promise<boolean> {
  const values = [
    key.scope,
    key.key,
    key.route,
    key.fingerprint,
    key.at,
    key.at - IDEMPOTENCY_TTL_MS,
  ];
  const { rows } = await db.executeQuery(
    compiledOnce(db, 'claim key', values, (valueAt) => {
      const claim = {
        route: valueAt(2),
        fingerprint: valueAt(3),
        created_at: valueAt(4),
        status: null,
        body: null,
      };
      return db
        .insertInto('idempotency_keys')
        .values({ scope: valueAt(0), key: valueAt(1), ...claim })
        .onConflict((oc) =>
          oc
            .columns(['scope', 'key'])
            .doUpdateSet(claim)
            .where('idempotency_keys.created_at', '<', valueAt(5)),
        )
        .returning('key');
    }),
  );
  return rows.length > 0;
}

/** Claims `key` inside the change's own transaction, or refuses the change: another call has it. */
export async function claimKeyOrThrow(trx: Db, key: IdempotencyKey): Promise<void> {
  if (!(await claimKey(trx, key)))
    throw new IdempotencyKeyTakenError('Another call with this Idempotency-Key came first.');
}

/** The first call's answer for a key another call holds (waiting for it a while), or why not. */
async function replayFirstAnswer(
  db: Db,
  reply: FastifyReply,
  key: IdempotencyKey,
): Promise<FastifyReply> {
  const kept = await waitForAnswer(db, key.scope, key.key);
  if (kept && (kept.route !== key.route || kept.fingerprint !== key.fingerprint))
    throw new ValidationError('This Idempotency-Key was already used for another call.');
  if (kept?.status === null || kept?.status === undefined)
    throw new ConflictError(
      'The first call with this Idempotency-Key has not finished; try again in a moment.',
    );
  return replay(reply, { ...kept, status: kept.status });
}

/**
 * The handler of a route with `idempotent: 'in-transaction'`: `change`
 * gets the call's key (null without one) to claim in its own transaction
 * (claimKeyOrThrow), so the key and the change commit together, and a
 * call saves the separate write a claim costs. Another call holding the
 * key: its answer is replayed. A refusal (a domain error) claims the key
 * after all, so a retry gets the same refusal, as on other routes; any
 * other error leaves it free, and the retry runs afresh. The change may
 * keep its answer in its transaction too (AnswerKept): that text is sent.
 * Answers the change's result, or null once an answer is sent (the first
 * one again, or the one the change kept).
 */
export async function inIdempotentTransaction<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  /** The status the change's answer goes out with. */
  status: number,
  change: (key: KeyInTransaction | null) => Promise<T | AnswerKept>,
): Promise<T | null> {
  const key = request.idempotencyKey;
  const sent = (result: T | AnswerKept): T | null => {
    if (!isAnswerKept(result)) return result;
    reply
      .code(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(result.keptAnswer);
    return null;
  };
  if (!key) return sent(await change(null));
  const replayed = async () => {
    await replayFirstAnswer(db, reply, key);
    return null;
  };
  try {
    const result = await change({ ...key, status });
    // Kept with the change: nothing left to keep as it goes out.
    if (isAnswerKept(result)) return sent(result);
    request.idempotencyClaim = { scope: key.scope, key: key.key };
    return result;
  } catch (error) {
    if (error instanceof IdempotencyKeyTakenError) return replayed();
    if (!(error instanceof DomainError)) throw error;
    if (!(await claimKey(db, key))) return replayed();
    request.idempotencyClaim = { scope: key.scope, key: key.key };
    throw error;
  }
}

/**
 * Calls that create something (config.idempotent) take an optional
 * Idempotency-Key. The first call with a key claims it (a row, unique per
 * caller and key) before it runs; its answer is stored as it is sent, and a
 * retry within 24 h gets that answer again, changing nothing. A retry that
 * arrives while the first is still running waits for its answer. A server
 * error releases the key, so the retry runs afresh. Must be registered
 * before compression, so the answer is stored as the JSON it is.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, now: () => Date): void {
  /*
   * On a SQLite file the counter's calls run on a thread of their own
   * (db/counter-writer.ts), and every write of the API thread is a trip to
   * it: there the counter's key is claimed in the change's own transaction
   * and every answer kept as it goes out. On PostgreSQL those two cost more
   * than they saved (lend bench, one process, same seed: 377 lends/s at a
   * p99 of 135 ms before, 303 at 305 ms with both, 359 with the claim
   * alone, with rounds stalled at 0.5-1 s), so there the key is claimed
   * before the call and the answer kept before it goes out, as elsewhere.
   * Asked on each call: the thread may stop (its calls then run here).
   */
  const onCounterThread = () => forwardsLoneWrites(db);
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const mode = request.routeOptions.config.idempotent;
    if (!mode) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header))
      throw new ValidationError(
        'The Idempotency-Key header must be 1 to 200 printable characters without spaces.',
      );
    const key: IdempotencyKey = {
      scope: scopeOf(request),
      key: header,
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      fingerprint: fingerprintOf(request),
      at: now().getTime(),
    };
    // The handler claims it, in the transaction of its change (inIdempotentTransaction).
    if (mode === 'in-transaction' && onCounterThread()) {
      request.idempotencyKey = key;
      return;
    }
    if (await claimKey(db, key)) {
      request.idempotencyClaim = { scope: key.scope, key: key.key };
      return;
    }
    return replayFirstAnswer(db, reply, key);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', claim.scope)
        .where('key', '=', claim.key)
        .execute();
    } else {
      // On the counter's thread, kept while the answer goes out, not before:
      // only a retry needs it, and a retry that comes first waits for it
      // (waitForAnswer). One trip less on the way of every such call.
      const keeping = keepAnswer(db, claim, reply.statusCode, payload)
        .then(
          () => undefined,
          (error: unknown) => request.log.error(error, 'idempotent answer not kept'),
        )
        .finally(() => keepingAnswers.delete(keeping));
      keepingAnswers.add(keeping);
      if (!onCounterThread()) await keeping;
    }
    return payload;
  });
  // The server closes after the answers it sent are kept.
  const keepingAnswers = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(keepingAnswers);
  });

  // Sweep answers past their 24 h now and then, not on every call.
  let lastSweep = 0;
  app.addHook('onResponse', async () => {
    const at = now().getTime();
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    await db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', at - IDEMPOTENCY_TTL_MS)
      .execute();
  });
}
