import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signs a page view's ticket as the shell's server does
 * (panel-server/src/serving/view-tickets.ts; panel-server/src/serving/__tests__/static-server.test.ts
 * checks the API accepts that server's own tickets).
 */
export function signViewTicket(
  controllerSecret: string,
  claims: { remote: string; version: string; exp?: number; view?: string },
): string {
  const key = createHmac('sha256', controllerSecret).update('panel view tickets v1').digest();
  const payload = Buffer.from(
    JSON.stringify({
      view: claims.view ?? randomBytes(16).toString('base64url'),
      remote: claims.remote,
      version: claims.version,
      exp: claims.exp ?? Date.now() + 60_000,
    }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}
