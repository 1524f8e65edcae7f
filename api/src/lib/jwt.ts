import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** 'admin' for the provider's super admin, 'shop' for a shop user. */
  kind: 'admin' | 'shop';
  id: number;
  /** The account's token_version when signed; bumping it revokes the token. */
  ver: number;
  /** This token's own id, so logging out can revoke it alone (table revoked_tokens). */
  jti: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Without Remember me a login lasts a working day; with it, a week. */
export const TOKEN_LIFETIME_SECONDS = { session: 10 * 3600, remembered: 7 * 24 * 3600 } as const;

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signToken(
  claims: Pick<TokenClaims, 'kind' | 'id' | 'ver'>,
  secret: string,
  now = Date.now(),
  lifetimeSeconds: number = TOKEN_LIFETIME_SECONDS.session,
): string {
  const iat = Math.floor(now / 1000);
  const jti = randomBytes(16).toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({ ...claims, jti, iat, exp: iat + lifetimeSeconds }),
  ).toString('base64url');
  return `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`, secret)}`;
}

/** The claims of a valid, unexpired HS256 token, else null. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object') return null;
  const c = claims as Record<string, unknown>;
  if (
    (c.kind !== 'admin' && c.kind !== 'shop') ||
    !Number.isInteger(c.id) ||
    !Number.isInteger(c.ver) ||
    typeof c.jti !== 'string' ||
    !/^[\w-]{22}$/.test(c.jti) ||
    typeof c.exp !== 'number' ||
    c.exp * 1000 <= now
  ) {
    return null;
  }
  return c as unknown as TokenClaims;
}
