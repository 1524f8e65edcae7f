import { forwardRef } from 'react';

import { Field, type FieldProps } from '@panel/shared';

import styles from './form.module.css';
import { usePasswordToggle } from './password-toggle';

/** The auth pages' look for the shared Field. */
export const fieldClasses = {
  field: styles.field,
  label: styles.label,
  row: styles.inputRow,
  input: styles.input,
  error: styles.error,
};

type AuthFieldProps = Omit<FieldProps, 'classes' | 'label'> & { label: string };

/** The shared Field as the auth pages draw it. */
export const AuthField = forwardRef<HTMLInputElement, AuthFieldProps>(
  function AuthField(props, ref) {
    return <Field ref={ref} classes={fieldClasses} {...props} />;
  },
);

/** A password AuthField with its Show/Hide toggle. */
export const AuthPasswordField = forwardRef<HTMLInputElement, Omit<AuthFieldProps, 'type'>>(
  function AuthPasswordField({ label, ...props }, ref) {
    const toggle = usePasswordToggle(label);
    return (
      <Field
        ref={ref}
        classes={fieldClasses}
        className={styles.inputWithAddon}
        label={label}
        {...toggle}
        {...props}
      />
    );
  },
);
