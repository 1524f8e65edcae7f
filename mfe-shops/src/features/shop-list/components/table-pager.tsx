import { panelStyles } from '@panel/shared';

import { PAGE_SIZE } from '../utils/shop-table';
import styles from './shop-list.module.css';

interface TablePagerProps {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

const number = new Intl.NumberFormat('en-US');
const BUTTON = `${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.small}`;

/** Where the visible rows sit among the filtered shops, and the way to the others. */
export function TablePager({ page, pages, total, onPage }: TablePagerProps) {
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return (
    <nav className={styles.pager} aria-label="shop list pages">
      <p className={styles.pagerStatus} aria-live="polite">
        {number.format(first)}–{number.format(last)} of {number.format(total)} shops
      </p>
      {pages > 1 ? (
        <div className={styles.pagerButtons}>
          <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => onPage(1)}>
            First
          </button>
          <button
            type="button"
            className={BUTTON}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span className={styles.pagerPage}>
            Page {number.format(page)} of {number.format(pages)}
          </span>
          <button
            type="button"
            className={BUTTON}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
          <button
            type="button"
            className={BUTTON}
            disabled={page >= pages}
            onClick={() => onPage(pages)}
          >
            Last
          </button>
        </div>
      ) : null}
    </nav>
  );
}
