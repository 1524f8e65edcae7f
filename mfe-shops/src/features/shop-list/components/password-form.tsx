import { useId } from 'react';
import { Field, LIMITS, MESSAGES, notify, panelStyles, type Shop } from '@panel/shared';
import { ChangePasswordBody } from '@panel/shared/contract';
import { useSchemaForm } from '@panel/shared/page-ui';

import { useChangeShopPasswordMutation } from '../api/change-shop-password';
import styles from './shop-list.module.css';

export const EMPTY_PASSWORD = 'Enter a new password';

const fieldClasses = { field: styles.passwordField, label: styles.fieldLabel, input: styles.input };

/**
 * The small per-shop form of spec section 2: the new password is trimmed
 * (section 5); its minimum is said up front, and a password that is empty,
 * too short (the contract's ChangePasswordBody) or not typed the same twice
 * never reaches the server. Confirm shows the server's message (success or
 * error, section 8); Cancel or Escape closes the form.
 */
export function PasswordForm({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const id = useId();
  const [changePassword] = useChangeShopPasswordMutation();
  const form = useSchemaForm({
    schema: ChangePasswordBody,
    defaultValues: { password: '', confirm: '' },
    toBody: (values) => ({ shop: shop.id, new_password: values.password.trim() }),
    fieldOf: { new_password: 'password' },
    checkFirst: (values) =>
      values.password.trim() === '' ? { field: 'password', text: EMPTY_PASSWORD } : null,
    messages: { new_password: MESSAGES.passwordTooShort(LIMITS.passwordMinLength) },
    check: (values) =>
      values.confirm.trim() === values.password.trim()
        ? null
        : { field: 'confirm', text: MESSAGES.passwordsDontMatch },
    firstOnly: true,
    send: (body) => changePassword(body).unwrap(),
    onSent: ({ message }: { message: string }) => {
      notify.success(message);
      onClose();
    },
    onFailed: (described) => notify.error(described.text),
  });
  const { error: passwordError, ...password } = form.field('password');
  const { error: confirmError, ...confirm } = form.field('confirm');
  // One line under the form says what is wrong, for whichever field it is;
  // typing in either field takes it away.
  const problem = passwordError ?? confirmError;
  const clearing =
    (onChange: typeof password.onChange): typeof password.onChange =>
    (event) => {
      form.clearErrors();
      return onChange(event);
    };
  const described = (hint?: string) =>
    [hint, problem ? `${id}-problem` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form
      className={styles.passwordForm}
      onSubmit={form.onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      noValidate
    >
      <Field
        label={`New password for ${shop.name}`}
        classes={fieldClasses}
        type="password"
        autoComplete="new-password"
        // The form opens on request, so the field it exists for takes focus.
        autoFocus
        maxLength={LIMITS.passwordMaxLength}
        {...password}
        onChange={clearing(password.onChange)}
        aria-invalid={passwordError ? true : undefined}
        aria-describedby={described(`${id}-hint`)}
      />
      <Field
        label="Confirm new password"
        classes={fieldClasses}
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMaxLength}
        {...confirm}
        onChange={clearing(confirm.onChange)}
        aria-invalid={confirmError ? true : undefined}
        aria-describedby={described()}
      />
      <div className={styles.formButtons}>
        <button type="submit" className={panelStyles.button} disabled={form.busy}>
          Confirm
        </button>
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          onClick={onClose}
        >
          Cancel
        </button>
      </div>
      {/* Its own row under the fields, so both inputs and the buttons stay on one line. */}
      <p id={`${id}-hint`} className={styles.fieldHint}>
        {MESSAGES.passwordHint(LIMITS.passwordMinLength)}
      </p>
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
