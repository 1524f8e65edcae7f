import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import type { AgeingBucket, LoanSummary } from '../../../api/get-loan-summary';
import { formatMoney, formatNumber } from '../../../utils/format';
import styles from './loans.module.css';

const TEXT = PAGE_MESSAGES.loanWorklist;
const BUCKETS: readonly AgeingBucket[] = ['1-7', '8-14', '15-30', '31+'];

/**
 * Above the list: the guarantee held by open and by overdue loans, the
 * containers written off as lost, and the overdue loans by age.
 */
export function WorklistFigures({ summary }: { summary: LoanSummary }) {
  return (
    <div className={styles.figures}>
      <dl className={styles.held}>
        <div>
          <dt>{TEXT.heldOpen}</dt>
          <dd>{formatMoney(summary.held_open)}</dd>
        </div>
        <div>
          <dt>{TEXT.heldOverdue}</dt>
          <dd>{formatMoney(summary.held_overdue)}</dd>
        </div>
        <div>
          <dt>{TEXT.lostCount}</dt>
          <dd>{formatNumber(summary.lost)}</dd>
        </div>
      </dl>
      <section className={styles.ageing} aria-labelledby="loan-ageing-title">
        <h2 id="loan-ageing-title" className={styles.ageingTitle}>
          {TEXT.ageingTitle}
        </h2>
        <ul>
          {BUCKETS.map((bucket) => (
            <li key={bucket} className={summary.ageing[bucket] ? styles.ageingSome : undefined}>
              <span className={styles.ageingCount}>{formatNumber(summary.ageing[bucket])}</span>{' '}
              {TEXT.ageing[bucket]}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
