import { forwardRef, useState, type InputHTMLAttributes } from 'react';

import { FormField } from './form-field';
import styles from './form.module.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null;
}

/** A password input with a Show/Hide toggle (a real button, so it works by keyboard). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ label, error, ...inputProps }, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <FormField
        ref={ref}
        label={label}
        error={error}
        type={visible ? 'text' : 'password'}
        addon={
          <button
            type="button"
            className={styles.toggle}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        }
        {...inputProps}
      />
    );
  },
);
