import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import {
  clearSession,
  DELAYS_MS,
  LIMITS,
  PATHS,
  saveLogin,
  useLoadingOverlay,
  useSubmit,
} from '@panel/shared';

import { AuthField, AuthPasswordField } from '../../../components/auth-field';
import { FormFooter } from '../../../components/form-footer';
import styles from '../../../components/form.module.css';
import type { LoginBody } from '../api/log-in';

/**
 * Spec sections 2-5: trimmed email and password, the overlay while submitting
 * (a second submit is ignored), storage as section 3 says, /home about 1 s
 * later; on failure the server's error in red under the password.
 *
 * The forms' own submit and Field, without react-hook-form: the login page's
 * JS has a budget (bench/src/weight/weight.ts) and react-hook-form would add
 * about 11 kB gz to it. The spec asks for no client check here (section 5),
 * so the inputs keep their own values and the form reads them on submit.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const passwordInput = useRef<HTMLInputElement>(null);
  const login = useSubmit({
    send: async (body: LoginBody) => {
      // A new login replaces the old one, and a stale token must not turn this
      // call's 401 into a "session expired" redirect.
      clearSession();
      // Fetched on the first submit: the form is drawn without Redux Toolkit.
      const { logIn } = await import(/* webpackChunkName: "log-in" */ '../api/log-in');
      const reply = await logIn(body);
      saveLogin({
        token: reply.access,
        status: reply.status,
        shopId: reply.shop_id,
        remember: body.remember_me,
      });
    },
    describe: { anonymous: true },
    // The overlay stays up until /home opens.
    busyAfterSuccess: true,
    onSentDelayMs: DELAYS_MS.loginNavigation,
    onSent: () => navigate(PATHS.home),
  });
  useLoadingOverlay(login.busy);

  const onEmailKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    passwordInput.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    void login.submit({
      email: String(values.get('email') ?? '').trim(),
      password: String(values.get('password') ?? '').trim(),
      remember_me: values.has('remember'),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={login.busy}>
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        maxLength={LIMITS.emailMaxLength}
        // The page is there to type into: the first field is ready for the keyboard.
        autoFocus
        onKeyDown={onEmailKeyDown}
      />
      <AuthPasswordField
        ref={passwordInput}
        label="Password"
        name="password"
        autoComplete="current-password"
        maxLength={LIMITS.passwordMaxLength}
        error={login.failure?.first.text}
      />
      <div className={styles.row}>
        <label className={styles.check}>
          <input type="checkbox" name="remember" />
          Remember me
        </label>
        <Link className={styles.link} to={PATHS.forgotPassword}>
          Forgot Password?
        </Link>
      </div>
      <FormFooter label="Login" />
    </form>
  );
}
