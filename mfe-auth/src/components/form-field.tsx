import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

import styles from './form.module.css';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown in red under the field and announced; ties itself to the input. */
  error?: string | null;
  /** Something drawn inside the input's row, e.g. the show/hide password toggle. */
  addon?: ReactNode;
}

/** A labelled input whose error is linked by aria-describedby and announced as an alert. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, addon, className, ...inputProps },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          ref={ref}
          id={id}
          className={[styles.input, addon ? styles.inputWithAddon : '', className ?? ''].join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
