import { panelStyles } from './panel-styles';
import styles from './pager.module.css';

interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** What the rows are, plural: "loans", "shops". */
  noun: string;
  /** While the next page loads the buttons wait. */
  busy?: boolean;
  /** The API counts at most this many (the audit log): a total past it reads "1,000+". */
  countCap?: number;
  onPage: (page: number) => void;
}

// Made on first use, not when the module loads: the first Intl formatter of
// a page loads the locale's data (about 18 ms on a slow machine), and this
// module is loaded with the login page, which shows no pager.
let numberFormat: Intl.NumberFormat | undefined;
const number = {
  format: (value: number) => (numberFormat ??= new Intl.NumberFormat('en-US')).format(value),
};

/** Page controls for a paged list: where the visible rows sit in the whole, and the way to the others. */
export function Pager({ page, pageSize, total, noun, busy = false, countCap, onPage }: PagerProps) {
  const capped = countCap !== undefined && total > countCap;
  const shown = capped ? countCap : total;
  const pages = Math.max(1, Math.ceil(shown / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(shown, page * pageSize);
  const button = (label: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.button}`}
      disabled={busy || disabled}
      onClick={() => onPage(target)}
    >
      {label}
    </button>
  );
  return (
    <nav className={styles.pager} aria-label={`${noun} pages`}>
      <p className={styles.status} aria-live="polite">
        {number.format(first)}–{number.format(last)} of {number.format(shown)}
        {capped ? '+' : ''} {noun}
      </p>
      {pages > 1 ? (
        <div className={styles.buttons}>
          {button('First', 1, page <= 1)}
          {button('Previous', page - 1, page <= 1)}
          <span className={styles.pageOf}>
            Page {number.format(page)} of {number.format(pages)}
          </span>
          {button('Next', page + 1, page >= pages)}
          {button('Last', pages, page >= pages)}
        </div>
      ) : null}
    </nav>
  );
}
