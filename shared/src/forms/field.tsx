import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The caller's CSS module classes: each remote keeps its own look. */
export interface FieldClasses {
  field?: string;
  label?: string;
  /** A row around the input and its addon; without it the input stands alone. */
  row?: string;
  input?: string;
  hint?: string;
  error?: string;
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Said under the input and tied to it (what the field takes). */
  hint?: ReactNode;
  /** Shown under the field and announced; ties itself to the input. */
  error?: string | null;
  /** Drawn inside the input's row, e.g. a show/hide password toggle. */
  addon?: ReactNode;
  classes?: FieldClasses;
}

/**
 * The one labelled input of the panel's forms: the hint and the error are
 * linked by aria-describedby, the input is aria-invalid while it has an
 * error, and the error is announced as an alert.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, error, addon, classes = {}, className, ...inputProps },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const input = (
    <input
      ref={ref}
      id={id}
      className={[classes.input, className].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...inputProps}
    />
  );
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      {classes.row || addon ? (
        <div className={classes.row}>
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className={classes.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={classes.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
