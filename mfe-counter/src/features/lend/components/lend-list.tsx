import { type ContainerTypes, panelStyles } from '@panel/shared';
import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import styles from '../../../components/counter.module.css';
import { formatMoney } from '../../../utils/format';
import { type LendRow } from '../utils/lend-rows';

const ROW_CLASS: Record<LendRow['state'], string | undefined> = {
  checking: styles.rowPending,
  unchecked: styles.rowPending,
  ok: '',
  refused: styles.rowRefused,
};

/** The codes entered for this loan, newest last; each says what it is or why it cannot go. */
export function LendList({
  rows,
  types,
  onRemove,
}: {
  rows: readonly LendRow[];
  types: ContainerTypes;
  onRemove: (id: number) => void;
}) {
  if (rows.length === 0) return <p className={styles.hint}>{COUNTER_MESSAGES.lendListEmpty}</p>;
  return (
    <ul className={styles.rows} aria-label={COUNTER_MESSAGES.lendListTitle}>
      {rows.map((row) => (
        <li
          key={row.id}
          className={[styles.row, ROW_CLASS[row.state]].filter(Boolean).join(' ')}
          aria-label={row.code}
        >
          <div className={styles.rowMain}>
            <span className={styles.code}>{row.code}</span>
            {row.containerType ? (
              <span className={styles.detail}>{types[row.containerType] ?? row.containerType}</span>
            ) : null}
            {row.state === 'checking' ? (
              <span className={styles.detail}>{COUNTER_MESSAGES.checking}</span>
            ) : null}
            {row.state === 'unchecked' ? (
              <span className={styles.detail}>{COUNTER_MESSAGES.unchecked}</span>
            ) : null}
            {row.state === 'refused' ? <span className={styles.reason}>{row.reason}</span> : null}
          </div>
          <div className={styles.rowEnd}>
            {row.state === 'ok' && row.guarantee !== null ? (
              <span className={styles.amount}>{formatMoney(row.guarantee)}</span>
            ) : null}
            <button
              type="button"
              className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.small}`}
              aria-label={COUNTER_MESSAGES.remove(row.code)}
              onClick={() => onRemove(row.id)}
            >
              ✕
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
