import { useId, useState, type FormEvent } from 'react';
import {
  type ApiError,
  describeError,
  LIMITS,
  MESSAGES,
  notify,
  panelStyles,
  type Shop,
} from '@panel/shared';

import { useChangeShopPasswordMutation } from '../api/change-shop-password';
import styles from './shop-list.module.css';

export const EMPTY_PASSWORD = 'Enter a new password';

/** What keeps the password from being sent, or null when it may go. */
function passwordProblem(password: string, confirm: string): string | null {
  if (password === '') return EMPTY_PASSWORD;
  if (password.length < LIMITS.passwordMinLength) {
    return MESSAGES.passwordTooShort(LIMITS.passwordMinLength);
  }
  if (confirm !== password) return MESSAGES.passwordsDontMatch;
  return null;
}

/**
 * The small per-shop form of spec section 2: the new password is trimmed
 * (section 5); its minimum is said up front, and a password that is empty,
 * too short or not typed the same twice never reaches the server. Confirm
 * shows the server's message (success or error, section 8); Cancel or
 * Escape closes the form.
 */
export function PasswordForm({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangeShopPasswordMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const newPassword = password.trim();
    const refused = passwordProblem(newPassword, confirm.trim());
    setProblem(refused);
    if (refused) return;
    try {
      const { message } = await changePassword({
        shop: shop.id,
        new_password: newPassword,
      }).unwrap();
      notify.success(message);
      onClose();
    } catch (failure) {
      notify.error(describeError(failure as ApiError).text);
    }
  }

  const described = (hint?: string) =>
    [hint, problem ? `${id}-problem` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form
      className={styles.passwordForm}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      noValidate
    >
      <div className={styles.passwordField}>
        <label htmlFor={`${id}-password`} className={styles.fieldLabel}>
          New password for {shop.name}
        </label>
        <input
          id={`${id}-password`}
          className={styles.input}
          type="password"
          autoComplete="new-password"
          // The form opens on request, so the field it exists for takes focus.
          autoFocus
          maxLength={LIMITS.passwordMaxLength}
          value={password}
          aria-invalid={problem && problem !== MESSAGES.passwordsDontMatch ? true : undefined}
          aria-describedby={described(`${id}-hint`)}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(null);
          }}
        />
      </div>
      <div className={styles.passwordField}>
        <label htmlFor={`${id}-confirm`} className={styles.fieldLabel}>
          Confirm new password
        </label>
        <input
          id={`${id}-confirm`}
          className={styles.input}
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMaxLength}
          value={confirm}
          aria-invalid={problem === MESSAGES.passwordsDontMatch ? true : undefined}
          aria-describedby={described()}
          onChange={(event) => {
            setConfirm(event.target.value);
            setProblem(null);
          }}
        />
      </div>
      <div className={styles.formButtons}>
        <button type="submit" className={panelStyles.button} disabled={isLoading}>
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
