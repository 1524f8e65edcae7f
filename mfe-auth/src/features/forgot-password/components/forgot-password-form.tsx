import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { describeError, LIMITS, MESSAGES, notify, PATHS, type ApiError } from '@panel/shared';

import { FormField } from '../../../components/form-field';
import styles from '../../../components/form.module.css';
import { PasswordField } from '../../../components/password-field';
import { useAuthResetPasswordMutation } from '../api/reset-password';
import { useAuthSendResetCodeMutation } from '../api/send-reset-code';

interface ResetError {
  text: string;
  /** Wrong codes the current code still allows, when the API says (a wrong code's 400). */
  triesLeft?: number;
}

function triesLeftOf(failure: unknown): number | undefined {
  const data = (failure as { data?: { tries_left?: unknown } } | null)?.data;
  return typeof data?.tries_left === 'number' ? data.tries_left : undefined;
}

/**
 * Spec sections 2 and 4: step 1 asks for the e-mail and sends the code; on a
 * 200 reply step 2 asks for the code and the new password twice; success shows
 * the server's message and goes to login. A wrong code shows on the code
 * field with the tries it has left; "Send a new code" asks for another.
 */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [sendResetCode, sendState] = useAuthSendResetCodeMutation();
  const [resetPassword, resetState] = useAuthResetPasswordMutation();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [emailMissing, setEmailMissing] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [resetError, setResetError] = useState<ResetError | null>(null);
  const [resent, setResent] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'reset') codeInput.current?.focus();
  }, [step]);

  const onSendEmail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendState.isLoading) return;
    setSendError(null);
    // An empty field is the user's slip, not the server's: said on the field, with no call.
    if (email.trim() === '') {
      setEmailMissing(true);
      emailInput.current?.focus();
      return;
    }
    try {
      await sendResetCode({ email: email.trim() }).unwrap();
      setStep('reset');
    } catch (failure) {
      // Spec section 8: any non-200 reply is told by its status code alone.
      setSendError(describeError(failure as ApiError, { byStatusCode: true }).text);
    }
  };

  const onConfirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetState.isLoading) return;
    setResetError(null);
    if (password.trim().length < LIMITS.passwordMinLength) {
      setResetError({ text: MESSAGES.passwordTooShort(LIMITS.passwordMinLength) });
      return;
    }
    if (password.trim() !== confirm.trim()) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    try {
      const reply = await resetPassword({
        email: email.trim(),
        reset_code: code.trim(),
        new_password: password.trim(),
      }).unwrap();
      if (reply?.message) notify.success(reply.message);
      navigate(PATHS.login);
    } catch (failure) {
      setResetError({
        text: describeError(failure as ApiError, { anonymous: true }).text,
        triesLeft: triesLeftOf(failure),
      });
    }
  };

  const onSendNewCode = async () => {
    if (sendState.isLoading) return;
    setResetError(null);
    try {
      await sendResetCode({ email: email.trim() }).unwrap();
      setCode('');
      setResent(true);
      codeInput.current?.focus();
    } catch (failure) {
      setResetError({ text: describeError(failure as ApiError, { byStatusCode: true }).text });
    }
  };

  // A wrong code is the code field's error, with the tries it has left.
  const codeError =
    resetError?.triesLeft !== undefined
      ? `${resetError.text} ${MESSAGES.triesLeft(resetError.triesLeft)}`
      : null;

  if (step === 'email') {
    return (
      <form
        className={styles.form}
        onSubmit={onSendEmail}
        noValidate
        aria-busy={sendState.isLoading}
      >
        <p className={styles.hint}>
          Enter the e-mail of your shop. We will send you a code to choose a new password.
        </p>
        <FormField
          ref={emailInput}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.emailMaxLength}
          value={email}
          error={emailMissing ? MESSAGES.emailRequired : null}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailMissing(false);
          }}
        />
        {sendError ? (
          <p className={styles.errorBlock} role="alert">
            {sendError}
          </p>
        ) : null}
        <button className={styles.button} type="submit" disabled={sendState.isLoading}>
          Send Email
        </button>
        <p className={styles.footer}>
          <Link className={styles.link} to={PATHS.login}>
            Back to login
          </Link>
        </p>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={onConfirm} noValidate aria-busy={resetState.isLoading}>
      <p className={styles.success} role="status">
        {resent ? MESSAGES.newCodeSent : MESSAGES.resetCodeSent}
      </p>
      <FormField
        ref={codeInput}
        label="Code"
        name="reset_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.resetCodeLength}
        value={code}
        error={codeError}
        onChange={(event) => setCode(event.target.value)}
      />
      <PasswordField
        label="Password"
        name="new_password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMaxLength}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
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
      {resetError && codeError === null ? (
        <p className={styles.errorBlock} role="alert">
          {resetError.text}
        </p>
      ) : null}
      <button className={styles.button} type="submit" disabled={resetState.isLoading}>
        Confirm
      </button>
      <button
        className={styles.linkButton}
        type="button"
        disabled={sendState.isLoading}
        onClick={onSendNewCode}
      >
        {MESSAGES.sendNewCode}
      </button>
      <p className={styles.footer}>
        <Link className={styles.link} to={PATHS.login}>
          Back to login
        </Link>
      </p>
    </form>
  );
}
