import type { ReactNode } from 'react';

import styles from './form.module.css';

interface FormFooterProps {
  /** The submit button's text. */
  label: ReactNode;
  /** A failure no field owns, said above the button. */
  error?: string | null;
  /** A call is in flight: the button waits. */
  busy?: boolean;
  /** Drawn between the error and the button (the register form's success line). */
  children?: ReactNode;
}

/** The auth forms' end: the form's own error block, then the submit button. */
export function FormFooter({ label, error, busy = false, children }: FormFooterProps) {
  return (
    <>
      {error ? (
        <p className={styles.errorBlock} role="alert">
          {error}
        </p>
      ) : null}
      {children}
      <button className={styles.button} type="submit" disabled={busy}>
        {label}
      </button>
    </>
  );
}
