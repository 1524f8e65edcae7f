import { errorText, type ApiError } from '@panel/shared';

import styles from './ui.module.css';

interface ErrorStateProps {
  title: string;
  error: ApiError;
  onRetry: () => void;
}

/** What a failed load leaves behind instead of a spinner: what failed, why, and a way to try again. */
export function ErrorState({ title, error, onRetry }: ErrorStateProps) {
  return (
    <div className={styles.error} role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      <p className={styles.errorDetail}>{errorText(error)}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
