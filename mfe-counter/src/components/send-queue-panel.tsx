import { panelStyles } from '@panel/shared';
import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import styles from './counter.module.css';

interface Waiting {
  id: string;
  label: string;
}

/** The actions made while the API did not answer: visible, in order, each one discardable. */
export function SendQueuePanel({
  items,
  onDiscard,
}: {
  items: Waiting[];
  onDiscard: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section className={styles.queue} aria-labelledby="counter-queue-title">
      <h2 id="counter-queue-title" className={styles.queueTitle}>
        {COUNTER_MESSAGES.waitingToSend(items.length)}
      </h2>
      <p className={styles.queueHint}>{COUNTER_MESSAGES.queueHint}</p>
      <ol className={styles.queueList}>
        {items.map((item) => (
          <li key={item.id} className={styles.queueItem}>
            <span>{item.label}</span>
            <button
              type="button"
              className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.small}`}
              aria-label={COUNTER_MESSAGES.discardItem(item.label)}
              onClick={() => onDiscard(item.id)}
            >
              {COUNTER_MESSAGES.discard}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
