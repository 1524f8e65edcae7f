import { panelStyles } from '@panel/shared';
import { Skeleton } from '@panel/shared/page-ui';
import { useId, type ReactNode } from 'react';

import { formatNumber } from '../../../utils/format';
import styles from './dashboard.module.css';
import { useCountUp } from '../hooks/use-count-up';

interface StatCardProps {
  label: string;
  /** What the figure counts, in a few words under it. */
  hint: string;
  /** Undefined while loading: the card shows a skeleton. */
  value: number | undefined;
  icon: ReactNode;
}

/**
 * One dashboard figure. The climbing number is for the eye only; assistive
 * tech (and the browser tests) read the final value, which is there at once.
 */
export function StatCard({ label, hint, value, icon }: StatCardProps) {
  const id = useId();
  const hintId = useId();
  const ready = value !== undefined;
  const shown = useCountUp(value ?? 0, ready);
  return (
    <section
      className={styles.stat}
      role="group"
      aria-labelledby={id}
      aria-describedby={hintId}
      aria-busy={!ready}
    >
      <span className={styles.statIcon} aria-hidden="true">
        {icon}
      </span>
      <div className={styles.statBody}>
        <h2 id={id} className={styles.statLabel}>
          {label}
        </h2>
        {ready ? (
          <p className={styles.statValue}>
            <span aria-hidden="true" data-testid="count-up">
              {formatNumber(shown)}
            </span>
            <span className={panelStyles.srOnly}>{formatNumber(value)}</span>
          </p>
        ) : (
          <Skeleton width={90} height={30} />
        )}
        <p id={hintId} className={styles.statHint}>
          {hint}
        </p>
      </div>
    </section>
  );
}
