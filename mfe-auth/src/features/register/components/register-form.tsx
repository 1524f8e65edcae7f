import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { DELAYS_MS, LIMITS, logoProblem, MESSAGES, PATHS } from '@panel/shared';
import {
  RegisterForm as RegisterBody,
  SHOP_FIELD_BLANK,
  SHOP_FIELD_MESSAGES,
} from '@panel/shared/contract';
import { FilePicker, useSchemaForm } from '@panel/shared/page-ui';

import { AuthField } from '../../../components/auth-field';
import { FormFooter } from '../../../components/form-footer';
import styles from '../../../components/form.module.css';
import { useAuthRegisterShopMutation } from '../api/register-shop';
import { buildRegistrationForm, type RegistrationFields } from '../utils/registration-form';

type Values = RegistrationFields & { terms: boolean };
type TextField = 'name' | 'email' | 'phone';

/** The API's own words for a refused field: blank, or its field message. */
const refusal = (field: TextField) => (body: Record<TextField, string>) =>
  body[field] === '' ? SHOP_FIELD_BLANK : (SHOP_FIELD_MESSAGES[field] ?? SHOP_FIELD_BLANK);

/**
 * Spec sections 2-5: Enter moves to the next field, text trimmed, the terms
 * must be ticked, the logo is an image under 2 MB; the button is dimmed while
 * busy and comes back 3 s after a failure; on 201, login 1.5 s later. The
 * fields are checked against the API's RegisterForm schema in its words;
 * each field's first server error shows on that field (spec section 8 names
 * the e-mail and logo errors; the API also checks the name and the phone).
 */
export function RegisterForm() {
  const navigate = useNavigate();
  const [registerShop] = useAuthRegisterShopMutation();
  const logoInput = useRef<HTMLInputElement>(null);
  const form = useSchemaForm({
    schema: RegisterBody,
    defaultValues: { name: '', email: '', phone: '', logo: null, terms: false } as Values,
    // What the API checks: trimmed text, the e-mail in the one form it stores.
    toBody: (values: Values) => ({
      name: values.name.trim(),
      email: values.email.normalize('NFKC').trim().toLowerCase(),
      phone: values.phone.trim(),
    }),
    messages: { name: refusal('name'), email: refusal('email'), phone: refusal('phone') },
    checkFirst: (values) => (values.terms ? null : { field: 'terms', text: MESSAGES.acceptTerms }),
    focusError: true,
    serverFields: ['name', 'email', 'phone', 'logo'],
    describe: { anonymous: true },
    send: (_body, values) => registerShop(buildRegistrationForm(values)).unwrap(),
    holdAfterFailureMs: DELAYS_MS.registrationReenable,
    busyAfterSuccess: true,
    onSentDelayMs: DELAYS_MS.postRegistration,
    onSent: () => navigate(PATHS.login),
  });
  const { errors } = form.formState;

  const focusOnEnter = (next: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    next();
  };

  const onLogoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? logoProblem(file) : null;
    form.clearErrors('logo');
    if (problem) {
      form.setError('logo', { type: 'file', message: problem });
      // The refused file must not stay chosen (spec section 5).
      event.target.value = '';
    }
    form.setValue('logo', problem ? null : file);
  };

  const { error: termsError, ...terms } = form.field('terms');
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <AuthField
        label="Shop name"
        autoComplete="organization"
        maxLength={LIMITS.shopNameMaxLength}
        {...form.field('name')}
        onKeyDown={focusOnEnter(() => form.setFocus('email'))}
      />
      <AuthField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.emailMaxLength}
        {...form.field('email')}
        onKeyDown={focusOnEnter(() => form.setFocus('phone'))}
      />
      <AuthField
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={LIMITS.phoneMaxLength}
        {...form.field('phone')}
        onKeyDown={focusOnEnter(() => form.setFocus('terms'))}
      />
      <div className={styles.field}>
        <label className={styles.check}>
          <input
            type="checkbox"
            {...terms}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-terms-error' : undefined}
            onKeyDown={focusOnEnter(() => logoInput.current?.focus())}
          />
          {MESSAGES.termsLabel}
        </label>
        {termsError ? (
          <p id="register-terms-error" className={styles.error} role="alert">
            {termsError}
          </p>
        ) : null}
      </div>
      <FilePicker
        ref={logoInput}
        id="register-logo"
        label="Logo"
        name="logo"
        accept="image/*"
        fileName={form.watch('logo')?.name ?? null}
        hint={MESSAGES.logoHint}
        error={errors.logo?.message ?? null}
        onChange={onLogoChange}
      />
      <FormFooter label="Register" error={form.formError} busy={form.busy}>
        {form.sent ? (
          <p className={styles.success} role="status">
            {MESSAGES.registered}
          </p>
        ) : null}
      </FormFooter>
    </form>
  );
}
