import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

import { describeError, LIMITS, MESSAGES, notify, PATHS, type ApiError } from '@panel/shared';
import { MAIL_MESSAGES } from '@panel/shared/page-ui';

import styles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field';
import { useAuthSetPasswordMutation } from '../api/set-password';

/**
 * The activation mail's link: the token comes in the address, the new
 * password twice (the reset step's rules). Success says so and goes to login;
 * a used, expired or wrong link shows the server's sentence, which says what
 * to do instead.
 */
export function SetPasswordForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [setPassword, state] = useAuthSetPasswordMutation();
  const [password, setPasswordText] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.isLoading) return;
    setError(null);
    const chosen = password.trim();
    if (chosen.length < LIMITS.passwordMinLength) {
      setTooShort(true);
      return;
    }
    if (chosen !== confirm.trim()) {
      setMismatch(true);
      return;
    }
    try {
      const reply = await setPassword({ token, password: chosen }).unwrap();
      notify.success(reply?.message ?? MAIL_MESSAGES.setPasswordDone);
      navigate(PATHS.login);
    } catch (failure) {
      setError(describeError(failure as ApiError, { anonymous: true }).text);
    }
  };

  const backToLogin = (
    <p className={styles.footer}>
      <Link className={styles.link} to={PATHS.login}>
        Back to login
      </Link>
    </p>
  );

  if (token === '') {
    return (
      <div className={styles.form}>
        <p className={styles.errorBlock} role="alert">
          {MAIL_MESSAGES.setPasswordNoToken}
        </p>
        {backToLogin}
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={state.isLoading}>
      <p className={styles.hint}>{MAIL_MESSAGES.setPasswordHint}</p>
      <PasswordField
        label="Password"
        name="new_password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMaxLength}
        value={password}
        error={tooShort ? MESSAGES.passwordTooShort(LIMITS.passwordMinLength) : null}
        onChange={(event) => {
          setPasswordText(event.target.value);
          setTooShort(false);
        }}
      />
      <PasswordField
        label="Confirm password"
        name="confirm_password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMaxLength}
        value={confirm}
        error={mismatch ? MESSAGES.passwordsDontMatch : null}
        onChange={(event) => {
          setConfirm(event.target.value);
          setMismatch(false);
        }}
      />
      {error ? (
        <p className={styles.errorBlock} role="alert">
          {error}
        </p>
      ) : null}
      <button className={styles.button} type="submit" disabled={state.isLoading}>
        {MAIL_MESSAGES.setPasswordSubmit}
      </button>
      {backToLogin}
    </form>
  );
}
