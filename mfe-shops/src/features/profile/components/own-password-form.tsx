import { useId, useState, type FormEvent } from 'react';
import {
  type ApiError,
  describeError,
  LIMITS,
  MESSAGES,
  notify,
  panelStyles,
  replaceToken,
} from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import { useChangeOwnPasswordMutation } from '../api/change-own-password';
import styles from './profile.module.css';

const FIELDS = ['current', 'next', 'again'] as const;
type Field = (typeof FIELDS)[number];

/** The first reason the three fields cannot be sent, with its field. */
function problemOf(values: Record<Field, string>): { field: Field; text: string } | null {
  if (values.current.trim() === '')
    return { field: 'current', text: PAGE_MESSAGES.followUp.currentPasswordRequired };
  if (values.next.trim().length < LIMITS.passwordMinLength)
    return { field: 'next', text: MESSAGES.passwordTooShort(LIMITS.passwordMinLength) };
  if (values.again !== values.next) return { field: 'again', text: MESSAGES.passwordsDontMatch };
  return null;
}

/**
 * The shop changes its own password while logged in (issue 31): the current
 * one, then the new one twice. The API ends the other sessions and hands
 * this one a new token, kept where the old one was (replaceToken).
 */
export function OwnPasswordForm({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', again: '' });
  const [problem, setProblem] = useState<{ field: Field; text: string } | null>(null);
  const [change, { isLoading: saving }] = useChangeOwnPasswordMutation();
  const { followUp } = PAGE_MESSAGES;
  const labels: Record<Field, string> = {
    current: followUp.currentPassword,
    next: followUp.newPassword,
    again: followUp.newPasswordAgain,
  };

  function set(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (problem?.field === field) setProblem(null);
    onDirty(FIELDS.some((f) => next[f] !== ''));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = problemOf(values);
    setProblem(found);
    if (found) return;
    try {
      const { access } = await change({
        current_password: values.current,
        new_password: values.next,
      }).unwrap();
      replaceToken(access);
      setValues({ current: '', next: '', again: '' });
      onDirty(false);
      notify.success(followUp.passwordChanged);
    } catch (failure) {
      const described = describeError(failure as ApiError, {
        fields: ['current_password', 'new_password'],
      });
      notify.error(`${followUp.passwordChangeFailedPrefix}${described.text}`);
      if (described.field)
        setProblem({
          field: described.field === 'current_password' ? 'current' : 'next',
          text: described.text,
        });
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.passwords}>
        {FIELDS.map((field) => {
          const error = problem?.field === field ? problem.text : undefined;
          return (
            <div key={field} className={styles.field}>
              <label htmlFor={`${id}-${field}`} className={styles.label}>
                {labels[field]}
              </label>
              <input
                id={`${id}-${field}`}
                className={styles.input}
                type="password"
                autoComplete={field === 'current' ? 'current-password' : 'new-password'}
                maxLength={LIMITS.passwordMaxLength}
                value={values[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : undefined}
                onChange={(event) => set(field, event.target.value)}
              />
              {error ? (
                <p id={`${id}-${field}-error`} className={styles.error} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className={styles.footer}>
        <button type="submit" className={panelStyles.button} disabled={saving}>
          {saving ? 'Saving…' : followUp.changePassword}
        </button>
      </div>
    </form>
  );
}
