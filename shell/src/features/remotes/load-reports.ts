import { API_PREFIX, getApiBaseUrl } from '@panel/shared';

/**
 * Page loads and failures of each remote version, sent to the API for the
 * release controller (which rolls a failing canary back). One 'load' per page
 * view, at most one 'error' per page view. No user, no address: the remote,
 * its version, what happened. A report that cannot be sent is dropped.
 */
export type FailureReason = 'load' | 'render' | 'rejection';

function send(body: Record<string, string>): void {
  try {
    void fetch(`${getApiBaseUrl()}${API_PREFIX}/telemetry/remote-loads/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  } catch {
    // No fetch (tests) or a refused request: reports are best effort.
  }
}

/** One page view of `remote` at `version`; its `fail` reports the first failure only. */
export function reportPageView(
  remote: string,
  version: string,
): { fail: (why: FailureReason) => void } {
  send({ remote, version, event: 'load' });
  let failed = false;
  return {
    fail(reason) {
      if (failed) return;
      failed = true;
      send({ remote, version, event: 'error', reason });
    },
  };
}
