import { describeError, type ApiError } from '../api/describe-error';
import { MESSAGES } from '../config/messages';

import styles from './panel-ui.module.css';

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
      <p className={styles.errorDetail}>{describeError(error).text}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        {MESSAGES.retry}
      </button>
    </div>
  );
}
