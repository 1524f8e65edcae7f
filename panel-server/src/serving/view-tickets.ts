// Page views' tickets. The shell asks its server for one at each page view
// of a remote (GET /view-ticket?remote=&version=) and sends it with the
// view's load and failure reports; the API counts a report only with a valid
// ticket, once per ticket (api/src/lib/view-tickets.ts verifies it and
// describes the format). So reports stand for views this server served, of a
// version it serves: it signs nothing else. The key is derived from the
// release controller's secret, which the API reads too.
import { createHmac, randomBytes } from 'node:crypto';

import { REMOTES } from '../../../scripts/lib/apps.mjs';
import { controllerToken } from '../releases/release-audit';
import { readReleases } from '../releases/releases';

/** Long enough for a failure while a page stays open, short enough not to hoard tickets. */
const TTL_MS = 30 * 60_000;

let key: Buffer | undefined;
const ticketKey = () =>
  (key ??= createHmac('sha256', controllerToken()).update('panel view tickets v1').digest());

/**
 * A ticket for one page view of the remote `remoteName` (its federation
 * name) at `version`, or null unless that version is its stable or a canary
 * some users get.
 */
export function issueViewTicket(
  remoteName: string,
  version: string,
  now = Date.now(),
): string | null {
  const remote = REMOTES.find((candidate) => candidate.name === remoteName);
  if (!remote) return null;
  const state = readReleases()[remote.pkg]!;
  const served =
    version === state.stable || (version === state.canary?.version && state.canary.percent > 0);
  if (!served) return null;
  const payload = Buffer.from(
    JSON.stringify({
      view: randomBytes(16).toString('base64url'),
      remote: remoteName,
      version,
      exp: now + TTL_MS,
    }),
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', ticketKey()).update(payload).digest('base64url')}`;
}
