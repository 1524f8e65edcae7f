import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A page view's ticket: the shell's server signs one for each page view of a
 * remote version it serves (panel-server/src/serving/view-tickets.ts), so a load report
 * proves which version was served and counts once. It is
 * `<base64url JSON {view, remote, version, exp}>.<base64url HMAC-SHA256>`,
 * keyed by a key derived from the release controller's secret, which the
 * shell's server and every API process share: any of them verifies it alone.
 */
export interface ViewTicket {
  /** 128 random bits, one per page view: the store's unique key. */
  view: string;
  remote: string;
  version: string;
  /** Milliseconds since the epoch. */
  exp: number;
}

/** The derivation the shell's server uses too; the controller's secret itself never signs. */
function ticketKey(controllerSecret: string): Buffer {
  return createHmac('sha256', controllerSecret).update('panel view tickets v1').digest();
}

/** The ticket's claims if its signature holds and it has not expired, else null. */
export function verifyViewTicket(
  ticket: string,
  controllerSecret: string,
  now = Date.now(),
): ViewTicket | null {
  const [payload, signature, ...rest] = ticket.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return null;
  const expected = createHmac('sha256', ticketKey(controllerSecret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const c = (claims ?? {}) as Record<string, unknown>;
  if (
    typeof c.view !== 'string' ||
    typeof c.remote !== 'string' ||
    typeof c.version !== 'string' ||
    typeof c.exp !== 'number' ||
    c.exp <= now
  ) {
    return null;
  }
  return { view: c.view, remote: c.remote, version: c.version, exp: c.exp };
}
