import type { LoanIcon } from '../utils/deadline-icon';
import styles from './loans.module.css';

const LABELS: Record<LoanIcon, string> = {
  overdue: 'Overdue',
  'no-deadline': 'No deadline',
  returned: 'Returned',
};

const PATHS: Record<LoanIcon, string> = {
  overdue:
    'M12 8v5M12 16.5v.5M10.3 3.9L2.5 17.5A2 2 0 004.2 20.5h15.6a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  'no-deadline': 'M7 12c0-1.7 1.3-3 3-3 2.5 0 4.5 6 7 6a3 3 0 000-6c-2.5 0-4.5 6-7 6a3 3 0 01-3-3z',
  returned: 'M4 12.5l5 5L20 6.5',
};

/** The row's status icon with a text name, so it is never colour or shape alone. */
export function StatusIcon({ kind, detail }: { kind: LoanIcon; detail?: string }) {
  const label = detail ? `${LABELS[kind]} ${detail}` : LABELS[kind];
  return (
    <span className={`${styles.icon} ${styles[kind]}`} title={label}>
      <svg
        role="img"
        aria-label={LABELS[kind]}
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[kind]} />
      </svg>
      <span className={styles.iconText}>{label}</span>
    </span>
  );
}
