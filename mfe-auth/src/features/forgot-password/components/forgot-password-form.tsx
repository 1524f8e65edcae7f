import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { describeError, LIMITS, MESSAGES, notify, PATHS, type ApiError } from '@panel/shared';
import { ForgetPasswordBody, ResetPasswordBody } from '@panel/shared/contract';
import { useSchemaForm } from '@panel/shared/page-ui';

import { AuthField, AuthPasswordField } from '../../../components/auth-field';
import { BackToLogin } from '../../../components/back-to-login';
import { FormFooter } from '../../../components/form-footer';
import styles from '../../../components/form.module.css';
import { useAuthResetPasswordMutation } from '../api/reset-password';
import { useAuthSendResetCodeMutation } from '../api/send-reset-code';

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
  const [email, setEmail] = useState<string | null>(null);
  return email === null ? <EmailStep onSent={setEmail} /> : <ResetStep email={email} />;
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [sendResetCode] = useAuthSendResetCodeMutation();
  const form = useSchemaForm({
    schema: ForgetPasswordBody,
    defaultValues: { email: '' },
    toBody: (values) => ({ email: values.email.trim() }),
    // An empty field is the user's slip, not the server's: said on the field, with no call.
    messages: { email: MESSAGES.emailRequired },
    focusError: true,
    // Spec section 8: any non-200 reply is told by its status code alone.
    describe: { byStatusCode: true },
    send: (body) => sendResetCode(body).unwrap(),
    onSent: (_reply, values) => onSent(values.email.trim()),
  });
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <p className={styles.hint}>
        Enter the e-mail of your shop. We will send you a code to choose a new password.
      </p>
      <AuthField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.emailMaxLength}
        {...form.field('email')}
      />
      <FormFooter label="Send Email" error={form.formError} busy={form.busy} />
      <BackToLogin />
    </form>
  );
}

function ResetStep({ email }: { email: string }) {
  const navigate = useNavigate();
  const [sendResetCode, sendState] = useAuthSendResetCodeMutation();
  const [resetPassword] = useAuthResetPasswordMutation();
  const [resent, setResent] = useState(false);
  const form = useSchemaForm({
    schema: ResetPasswordBody,
    defaultValues: { reset_code: '', new_password: '', confirm_password: '' },
    toBody: (values) => ({
      email,
      reset_code: values.reset_code.trim(),
      new_password: values.new_password.trim(),
    }),
    // Told under the form, not on a field, as the reset step always has.
    fieldOf: { reset_code: 'form', new_password: 'form' },
    messages: { new_password: MESSAGES.passwordTooShort(LIMITS.passwordMinLength) },
    check: (values) =>
      values.new_password.trim() === values.confirm_password.trim()
        ? null
        : { field: 'confirm_password', text: MESSAGES.passwordsDontMatch },
    firstOnly: true,
    describe: { anonymous: true },
    send: (body) => resetPassword(body).unwrap(),
    onSent: (reply: { message?: string }) => {
      if (reply?.message) notify.success(reply.message);
      navigate(PATHS.login);
    },
    onFailed: (described, failure) => {
      // A wrong code is the code field's error, with the tries it has left.
      const triesLeft = triesLeftOf(failure);
      if (triesLeft === undefined) return;
      form.clearErrors('root.server');
      form.setError('reset_code', {
        type: 'server',
        message: `${described.text} ${MESSAGES.triesLeft(triesLeft)}`,
      });
    },
  });
  const { setFocus } = form;

  useEffect(() => setFocus('reset_code'), [setFocus]);

  const onSendNewCode = async () => {
    if (sendState.isLoading) return;
    form.clearErrors();
    try {
      await sendResetCode({ email }).unwrap();
      form.setValue('reset_code', '');
      setResent(true);
      setFocus('reset_code');
    } catch (failure) {
      form.setError('root.server', {
        type: 'server',
        message: describeError(failure as ApiError, { byStatusCode: true }).text,
      });
    }
  };

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <p className={styles.success} role="status">
        {resent ? MESSAGES.newCodeSent : MESSAGES.resetCodeSent}
      </p>
      <AuthField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.resetCodeLength}
        {...form.field('reset_code')}
      />
      <AuthPasswordField
        label="Password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMaxLength}
        {...form.field('new_password')}
      />
      <AuthPasswordField
        label="Confirm password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMaxLength}
        {...form.field('confirm_password')}
      />
      <FormFooter label="Confirm" error={form.formError} busy={form.busy} />
      <button
        className={styles.linkButton}
        type="button"
        disabled={sendState.isLoading}
        onClick={onSendNewCode}
      >
        {MESSAGES.sendNewCode}
      </button>
      <BackToLogin />
    </form>
  );
}
