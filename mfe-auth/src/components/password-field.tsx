import { forwardRef, type InputHTMLAttributes } from 'react';

import { FormField } from './form-field';
import { usePasswordToggle } from './password-toggle';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null;
}

/** The login page's password input with its Show/Hide toggle, drawn without page-ui. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ label, error, ...inputProps }, ref) {
    const toggle = usePasswordToggle(label);
    return <FormField ref={ref} label={label} error={error} {...toggle} {...inputProps} />;
  },
);
