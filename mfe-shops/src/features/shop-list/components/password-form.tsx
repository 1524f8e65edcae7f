import { useId, useState, type FormEvent } from 'react';
import { type ApiError, describeError, notify, panelStyles, type Shop } from '@panel/shared';

import { useChangeShopPasswordMutation } from '../api/change-shop-password';
import styles from './shop-list.module.css';

export const EMPTY_PASSWORD = 'Enter a new password';

/**
 * The small per-shop form of spec section 2: the new password is trimmed
 * (section 5) and an empty one never reaches the server. Confirm shows the
 * server's message (success or error, as-is, section 8); Cancel or Escape
 * closes the form.
 */
export function PasswordForm({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangeShopPasswordMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const newPassword = password.trim();
    if (newPassword === '') {
      setProblem(EMPTY_PASSWORD);
      return;
    }
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

  return (
    <form
      className={styles.passwordForm}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      noValidate
    >
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
        value={password}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblem(null);
        }}
      />
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
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
