import { useEffect } from 'react';
import { Field, LIMITS, MESSAGES, notify, panelStyles, replaceToken } from '@panel/shared';
import { ChangeOwnPasswordBody } from '@panel/shared/contract';
import { PAGE_MESSAGES, useSchemaForm } from '@panel/shared/page-ui';

import { useChangeOwnPasswordMutation } from '../api/change-own-password';
import styles from './profile.module.css';

const FIELDS = ['current', 'next', 'again'] as const;
const EMPTY = { current: '', next: '', again: '' };
const fieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  error: styles.error,
};

/**
 * The shop changes its own password while logged in (issue 31): the current
 * one, then the new one twice. The API ends the other sessions and hands
 * this one a new token, kept where the old one was (replaceToken).
 */
export function OwnPasswordForm({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const [change] = useChangeOwnPasswordMutation();
  const { followUp } = PAGE_MESSAGES;
  const form = useSchemaForm({
    schema: ChangeOwnPasswordBody,
    defaultValues: EMPTY,
    toBody: (values) => ({ current_password: values.current, new_password: values.next.trim() }),
    fieldOf: { current_password: 'current', new_password: 'next' },
    // The schema lets the current password be empty; the form asks for it first.
    checkFirst: (values) =>
      values.current.trim() === ''
        ? { field: 'current', text: followUp.currentPasswordRequired }
        : null,
    messages: { new_password: MESSAGES.passwordTooShort(LIMITS.passwordMinLength) },
    check: (values) =>
      values.again === values.next ? null : { field: 'again', text: MESSAGES.passwordsDontMatch },
    firstOnly: true,
    serverFields: ['current_password', 'new_password'],
    send: (body) => change(body).unwrap(),
    onSent: ({ access }: { access: string }) => {
      replaceToken(access);
      form.reset(EMPTY);
      notify.success(followUp.passwordChanged);
    },
    onFailed: (described) =>
      notify.error(`${followUp.passwordChangeFailedPrefix}${described.text}`),
  });
  const { watch } = form;

  useEffect(() => {
    const subscription = watch((values) => onDirty(FIELDS.some((f) => values[f] !== '')));
    return () => subscription.unsubscribe();
  }, [watch, onDirty]);

  const labels = {
    current: followUp.currentPassword,
    next: followUp.newPassword,
    again: followUp.newPasswordAgain,
  };

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      <div className={styles.passwords}>
        {FIELDS.map((field) => (
          <Field
            key={field}
            label={labels[field]}
            classes={fieldClasses}
            type="password"
            autoComplete={field === 'current' ? 'current-password' : 'new-password'}
            maxLength={LIMITS.passwordMaxLength}
            {...form.field(field)}
          />
        ))}
      </div>
      <div className={styles.footer}>
        <button type="submit" className={panelStyles.button} disabled={form.busy}>
          {form.busy ? 'Saving…' : followUp.changePassword}
        </button>
      </div>
    </form>
  );
}
