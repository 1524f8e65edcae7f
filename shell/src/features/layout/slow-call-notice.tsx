import { cancelCalls, MESSAGES, useSlowCall } from '@panel/shared';

import styles from './slow-call-notice.module.css';

/**
 * Said once a call has waited 5 s (API_SLOW_MS), over everything, the loading
 * overlay included: the server is slow, and Cancel stops every call in flight
 * so the page is usable again. Left alone, a call still ends at the 30 s
 * time-out with the spec's no-internet text.
 */
export function SlowCallNotice() {
  const slow = useSlowCall();
  // A live region without the status role: it is on every page, and a page's
  // own status line (the login form's, the counter's) stays the one status.
  return (
    <div className={styles.region} aria-live="polite">
      {slow ? (
        <div className={styles.notice}>
          <span>{MESSAGES.serverSlow}</span>
          <button type="button" className={styles.cancel} onClick={cancelCalls}>
            {MESSAGES.cancelCalls}
          </button>
        </div>
      ) : null}
    </div>
  );
}
