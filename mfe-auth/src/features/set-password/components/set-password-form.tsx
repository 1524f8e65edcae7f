import { useNavigate, useSearchParams } from 'react-router-dom';

import { LIMITS, MESSAGES, notify, PATHS } from '@panel/shared';
import { SetPasswordBody } from '@panel/shared/contract';
import { MAIL_MESSAGES, useSchemaForm } from '@panel/shared/page-ui';

import { AuthPasswordField } from '../../../components/auth-field';
import { BackToLogin } from '../../../components/back-to-login';
import { FormFooter } from '../../../components/form-footer';
import styles from '../../../components/form.module.css';
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
  const [setPassword] = useAuthSetPasswordMutation();
  const form = useSchemaForm({
    schema: SetPasswordBody,
    defaultValues: { new_password: '', confirm_password: '' },
    toBody: (values) => ({ token, password: values.new_password.trim() }),
    fieldOf: { password: 'new_password' },
    messages: { password: MESSAGES.passwordTooShort(LIMITS.passwordMinLength) },
    check: (values) =>
      values.new_password.trim() === values.confirm_password.trim()
        ? null
        : { field: 'confirm_password', text: MESSAGES.passwordsDontMatch },
    firstOnly: true,
    describe: { anonymous: true },
    send: (body) => setPassword(body).unwrap(),
    onSent: (reply) => {
      notify.success(reply?.message ?? MAIL_MESSAGES.setPasswordDone);
      navigate(PATHS.login);
    },
  });

  if (token === '') {
    return (
      <div className={styles.form}>
        <p className={styles.errorBlock} role="alert">
          {MAIL_MESSAGES.setPasswordNoToken}
        </p>
        <BackToLogin />
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <p className={styles.hint}>{MAIL_MESSAGES.setPasswordHint}</p>
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
      <FormFooter label={MAIL_MESSAGES.setPasswordSubmit} error={form.formError} busy={form.busy} />
      <BackToLogin />
    </form>
  );
}
