import styles from './spinner.module.css';

/** Inline loading indicator for a panel or card while its data loads. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.inline} role="status" aria-live="polite">
      <span className={styles.wheel} aria-hidden="true" />
      <span className={styles.srOnly}>{label}</span>
    </div>
  );
}
