import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Db } from '../db/connect';
import { keptRead } from '../db/kept-reads';
import type { AdminRow, ShopRow } from '../db/schema';
import { isTokenRevoked } from '../repositories/revoked-tokens';
import { deactivationReason, findAdminById, findShopById } from '../repositories/shops';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { verifyToken, type TokenClaims } from './jwt';

/**
 * Who may call a route: nobody logged in, any login, a shop user, the super
 * admin, or only the release controller's secret (X-Release-Controller).
 */
export type AuthRule = 'public' | 'any' | 'shop' | 'super_admin' | 'release_controller';

/** The token a call came with: its id and expiry (ms), which logging out needs. */
export interface CallerToken {
  jti: string;
  expiresAtMs: number;
}

export type Caller =
  | { kind: 'admin'; adminId: number; email: string; token: CallerToken }
  // The row read to check the token, kept so a route that shows it reads it once.
  | { kind: 'shop'; shopId: number; shopName: string; shop: ShopRow; token: CallerToken };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
    /** The release controller may also call this route, with its secret in X-Release-Controller. */
    releaseController?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

type Account = { kind: 'admin'; row: AdminRow } | { kind: 'shop'; row: ShopRow };

/**
 * The token's account row, read once and then reused while the database is
 * unchanged (keptRead): a revocation, deactivation or password change, by
 * this process or any other, is a write that drops it, so a revoked token
 * is refused on every process at its next call.
 */
function accountOf(db: Db, kind: TokenClaims['kind'], id: number): Promise<Account | undefined> {
  return keptRead(db, `account:${kind}:${id}`, () => readAccount(db, kind, id));
}

async function readAccount(
  db: Db,
  kind: TokenClaims['kind'],
  id: number,
): Promise<Account | undefined> {
  if (kind === 'admin') {
    const row = await findAdminById(db, id);
    return row && { kind, row };
  }
  const row = await findShopById(db, id);
  return row && { kind, row };
}

/** The answer to a deactivated shop's call: the super admin's reason, and a flag the panel reads. */
async function deactivatedError(db: Db, shopId: number): Promise<ForbiddenError> {
  const reason = await deactivationReason(db, shopId);
  return new ForbiddenError(
    reason === null
      ? 'Your shop has been deactivated.'
      : `Your shop has been deactivated: ${reason}`,
    { deactivated: true },
  );
}

async function identify(db: Db, token: string, secret: string): Promise<Caller> {
  const claims = verifyToken(token, secret);
  if (!claims) throw new UnauthorizedError('Invalid or expired token.');
  const [account, revoked] = await Promise.all([
    accountOf(db, claims.kind, claims.id),
    // Kept like the account row: a logout is a write, so it is seen at the next call.
    keptRead(db, `revoked:${claims.jti}`, () => isTokenRevoked(db, claims.jti)),
  ]);
  if (!account || revoked) throw new UnauthorizedError('Invalid or expired token.');
  // Before the version check, which deactivation's revocation would fail:
  // a token of ours held by a deactivated shop is told why, not "expired".
  if (account.kind === 'shop' && account.row.status !== 'active')
    throw await deactivatedError(db, account.row.id);
  // A password change bumps token_version, which revokes every older token;
  // a logout revokes this one alone.
  if (account.row.token_version !== claims.ver)
    throw new UnauthorizedError('Invalid or expired token.');
  const own = { jti: claims.jti, expiresAtMs: claims.exp * 1000 };
  if (account.kind === 'admin') {
    return { kind: 'admin', adminId: account.row.id, email: account.row.email, token: own };
  }
  const shop = account.row;
  return { kind: 'shop', shopId: shop.id, shopName: shop.name, shop, token: own };
}

/**
 * One onRequest hook enforces every route's `config.auth` before the body is
 * even read: 401 without a valid token, 403 for the wrong role.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  secret: string,
  controllerToken?: string,
): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.auth ?? 'public';
    if (rule === 'public') return;
    if (rule === 'release_controller') {
      if (isController(request, controllerToken)) return;
      throw new UnauthorizedError("Only the release controller's secret may do this.");
    }
    if (request.routeOptions.config.releaseController && isController(request, controllerToken)) {
      return;
    }
    const token = bearer(request);
    if (!token) throw new UnauthorizedError('Authentication credentials were not provided.');
    const caller = await identify(db, token, secret);
    if (rule === 'shop' && caller.kind !== 'shop')
      throw new ForbiddenError('Only a shop user may do this.');
    if (rule === 'super_admin' && caller.kind !== 'admin')
      throw new ForbiddenError('Only the super admin may do this.');
    request.caller = caller;
  });
}

function isController(request: FastifyRequest, token: string | undefined): boolean {
  const sent = request.headers['x-release-controller'];
  if (!token || typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The caller of a route whose rule guarantees a login. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller;
}

export function shopCaller(request: FastifyRequest): Extract<Caller, { kind: 'shop' }> {
  const caller = callerOf(request);
  if (caller.kind !== 'shop') throw new ForbiddenError('Only a shop user may do this.');
  return caller;
}

/** Whose figures a dashboard call counts: the calling shop's, or every shop's for the super admin. */
export function scopeOf(request: FastifyRequest): { shopId: number | null } {
  const caller = callerOf(request);
  return { shopId: caller.kind === 'shop' ? caller.shopId : null };
}
