import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import {
  clearSession,
  DELAYS_MS,
  describeError,
  LIMITS,
  PATHS,
  saveLogin,
  useLoadingOverlay,
  type ApiError,
} from '@panel/shared';

import { FormField } from '../../../components/form-field';
import { FormFooter } from '../../../components/form-footer';
import styles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field';

type Phase = 'idle' | 'submitting' | 'signed-in';

/**
 * Spec sections 2-5: trimmed email and password, the overlay while submitting
 * (a second submit is ignored), storage as section 3 says, /home about 1 s
 * later; on failure the server's error in red under the password.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const navigationTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useLoadingOverlay(phase !== 'idle');
  useEffect(() => () => clearTimeout(navigationTimer.current), []);

  const onEmailKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    passwordInput.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A ref, not state: two quick submits happen before React re-renders.
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setPhase('submitting');
    // A new login replaces the old one, and a stale token must not turn this
    // call's 401 into a "session expired" redirect.
    clearSession();
    try {
      // Fetched on the first submit: the form is drawn without Redux Toolkit.
      const { logIn } = await import(/* webpackChunkName: "log-in" */ '../api/log-in');
      const reply = await logIn({
        email: email.trim(),
        password: password.trim(),
        remember_me: remember,
      });
      saveLogin({ token: reply.access, status: reply.status, shopId: reply.shop_id, remember });
      setPhase('signed-in');
      navigationTimer.current = setTimeout(() => navigate(PATHS.home), DELAYS_MS.loginNavigation);
    } catch (failure) {
      inFlight.current = false;
      setPhase('idle');
      setError(describeError(failure as ApiError, { anonymous: true }).text);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={phase !== 'idle'}>
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        maxLength={LIMITS.emailMaxLength}
        // The page is there to type into: the first field is ready for the keyboard.
        autoFocus
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onKeyDown={onEmailKeyDown}
      />
      <PasswordField
        ref={passwordInput}
        label="Password"
        name="password"
        autoComplete="current-password"
        maxLength={LIMITS.passwordMaxLength}
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className={styles.row}>
        <label className={styles.check}>
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
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
