import { type ContainerTypes } from '@panel/shared';
import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import styles from '../../../components/counter.module.css';
import { type TakeBackRow } from '../utils/take-back-rows';

const ROW_CLASS: Record<TakeBackRow['state'], string | undefined> = {
  returning: styles.rowPending,
  waiting: styles.rowPending,
  returned: '',
  refused: styles.rowRefused,
  undone: styles.rowMuted,
  discarded: styles.rowMuted,
};

function Outcome({ row, types }: { row: TakeBackRow; types: ContainerTypes }) {
  switch (row.state) {
    case 'returning':
      return <span className={styles.detail}>{COUNTER_MESSAGES.returning}</span>;
    case 'waiting':
      return <span className={styles.detail}>{COUNTER_MESSAGES.queued}</span>;
    case 'refused':
      return <span className={styles.reason}>{row.reason}</span>;
    case 'discarded':
      return <span className={styles.detail}>{COUNTER_MESSAGES.discarded}</span>;
    default: {
      if (!row.item) return null;
      const { loan, container_type: type, from_other_shop: otherShop } = row.item;
      return (
        <>
          <span className={styles.detail}>{types[type] ?? type}</span>
          <span className={styles.detail}>
            {otherShop || loan.client === null ? COUNTER_MESSAGES.otherShopLoan : loan.client}
          </span>
          {row.state === 'undone' ? (
            <span className={styles.detail}>{COUNTER_MESSAGES.undone}</span>
          ) : null}
        </>
      );
    }
  }
}

/** What came back, newest first: whose loan, how long it was out, and whether it was late. */
export function TakeBackList({
  rows,
  types,
}: {
  rows: readonly TakeBackRow[];
  types: ContainerTypes;
}) {
  if (rows.length === 0) return <p className={styles.hint}>{COUNTER_MESSAGES.takeBackListEmpty}</p>;
  return (
    <ul className={styles.rows} aria-label={COUNTER_MESSAGES.takeBackListTitle}>
      {[...rows].reverse().map((row) => (
        <li
          key={row.id}
          className={[styles.row, styles.rowStacked, ROW_CLASS[row.state]]
            .filter(Boolean)
            .join(' ')}
          aria-label={row.code}
        >
          <div className={styles.rowMain}>
            <span className={styles.code}>{row.code}</span>
            <Outcome row={row} types={types} />
          </div>
          {row.state === 'returned' && row.item ? (
            <div className={styles.rowEnd}>
              <span className={styles.detail}>
                {COUNTER_MESSAGES.daysOut(row.item.loan.days_out)}
              </span>
              <span
                className={`${styles.badge} ${row.item.loan.late ? styles.late : styles.onTime}`}
              >
                {row.item.loan.late ? COUNTER_MESSAGES.late : COUNTER_MESSAGES.onTime}
              </span>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
