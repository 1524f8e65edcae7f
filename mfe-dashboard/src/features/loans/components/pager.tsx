import { panelStyles } from '@panel/shared';
import { formatNumber } from '../../../utils/format';
import styles from './loans.module.css';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  busy: boolean;
  onPage: (page: number) => void;
}

/** Page controls for a server-paged list; shows where the visible rows sit in the whole. */
export function Pager({ page, pageSize, total, noun, busy, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={styles.pager} aria-label={`${noun} pages`}>
      <p className={styles.pagerStatus} aria-live="polite">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)} {noun}
      </p>
      {pages > 1 ? (
        <div className={styles.pagerButtons}>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy || page <= 1}
            onClick={() => onPage(1)}
          >
            First
          </button>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy || page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span className={styles.pagerPage}>
            Page {formatNumber(page)} of {formatNumber(pages)}
          </span>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy || page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy || page >= pages}
            onClick={() => onPage(pages)}
          >
            Last
          </button>
        </div>
      ) : null}
    </nav>
  );
}
