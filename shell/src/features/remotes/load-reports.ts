import { API_PREFIX, getApiBaseUrl } from '@panel/shared';

/**
 * Page loads and failures of each remote version, sent to the API for the
 * release controller (which rolls a failing canary back). Each page view
 * first gets a ticket from the shell's server, which signs only the versions
 * it serves; the API counts one load and one failure per ticket, and a
 * failure only after its load. No user, no address: the remote, its version,
 * what happened. A report that cannot be sent is dropped.
 */
export type FailureReason = 'load' | 'render' | 'rejection';

async function fetchTicket(remote: string, version: string): Promise<string | null> {
  const query = new URLSearchParams({ remote, version });
  const response = await fetch(`/view-ticket?${query}`, { credentials: 'omit' });
  if (!response.ok) return null;
  const { ticket } = (await response.json()) as { ticket?: unknown };
  return typeof ticket === 'string' ? ticket : null;
}

/** Whether the API stored the report. */
async function send(body: Record<string, string>): Promise<boolean> {
  const response = await fetch(`${getApiBaseUrl()}${API_PREFIX}/telemetry/remote-loads/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'omit',
  });
  return response.ok;
}

/** One page view of `remote` at `version`; its `fail` reports the first failure only. */
export function reportPageView(
  remote: string,
  version: string,
): { fail: (why: FailureReason) => void } {
  // The view's ticket once its load is stored, else null (no fetch in tests,
  // a version the server does not serve, a refused report): the failure
  // waits for it, since the API refuses a failure before its load.
  const loaded = fetchTicket(remote, version)
    .then(async (ticket) =>
      ticket !== null && (await send({ remote, version, ticket, event: 'load' })) ? ticket : null,
    )
    .catch(() => null);
  let failed = false;
  return {
    fail(reason) {
      if (failed) return;
      failed = true;
      void loaded
        .then(
          (ticket) => ticket !== null && send({ remote, version, ticket, event: 'error', reason }),
        )
        .catch(() => undefined);
    },
  };
}
