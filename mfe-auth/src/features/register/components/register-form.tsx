import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router-dom';

import {
  DELAYS_MS,
  describeError,
  LIMITS,
  logoProblem,
  MESSAGES,
  PATHS,
  type ApiError,
} from '@panel/shared';
import { FilePicker } from '@panel/shared/page-ui';

import { FormField } from '../../../components/form-field';
import styles from '../../../components/form.module.css';
import { useAuthRegisterShopMutation } from '../api/register-shop';
import { buildRegistrationForm } from '../utils/registration-form';

/**
 * Spec section 8 names the e-mail and logo errors; the API also checks the
 * name and the phone. Each field's first server error shows on that field.
 */
const SERVER_FIELDS = ['name', 'email', 'phone', 'logo'] as const;
type ServerField = (typeof SERVER_FIELDS)[number];

interface ServerErrors {
  fields: Partial<Record<ServerField, string>>;
  /** A failure no field owns (no internet, a plain `error`): shown under the form. */
  general: string | null;
}

const NO_SERVER_ERRORS: ServerErrors = { fields: {}, general: null };

function serverErrors(failure: ApiError): ServerErrors {
  const fields: ServerErrors['fields'] = {};
  for (const field of SERVER_FIELDS) {
    const described = describeError(failure, { fields: [field], anonymous: true });
    if (described.field === field) fields[field] = described.text;
  }
  const general =
    Object.keys(fields).length === 0 ? describeError(failure, { anonymous: true }).text : null;
  return { fields, general };
}

/**
 * Spec sections 2-5: Enter moves to the next field, text trimmed, the terms
 * must be ticked, the logo is an image under 2 MB; the button is dimmed while
 * busy and comes back 3 s after a failure; on 201, login 1.5 s later.
 */
export function RegisterForm() {
  const navigate = useNavigate();
  const [registerShop] = useAuthRegisterShopMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [terms, setTerms] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [server, setServer] = useState<ServerErrors>(NO_SERVER_ERRORS);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState(false);
  const inFlight = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const emailInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const termsInput = useRef<HTMLInputElement>(null);
  const logoInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const focusOnEnter =
    (next: { current: HTMLInputElement | null }) => (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      next.current?.focus();
    };

  // Editing a field takes its server error away; the others stay until the next try.
  const clearServerError = (field: ServerField) =>
    setServer((current) => {
      if (current.fields[field] === undefined) return current;
      const fields = { ...current.fields };
      delete fields[field];
      return { ...current, fields };
    });

  const onLogoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    clearServerError('logo');
    const problem = file ? logoProblem(file) : null;
    setLogoError(problem);
    if (problem) {
      // The refused file must not stay chosen (spec section 5).
      event.target.value = '';
      setLogo(null);
      return;
    }
    setLogo(file);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!terms) {
      setTermsError(MESSAGES.acceptTerms);
      termsInput.current?.focus();
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setServer(NO_SERVER_ERRORS);
    try {
      await registerShop(buildRegistrationForm({ name, email, phone, logo })).unwrap();
      // Said once, beside the form (role=status), not also in a toast.
      setRegistered(true);
      timer.current = setTimeout(() => navigate(PATHS.login), DELAYS_MS.postRegistration);
    } catch (failure) {
      setServer(serverErrors(failure as ApiError));
      timer.current = setTimeout(() => {
        inFlight.current = false;
        setBusy(false);
      }, DELAYS_MS.registrationReenable);
    }
  };

  const logoFieldError = logoError ?? server.fields.logo ?? null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <FormField
        label="Shop name"
        name="name"
        autoComplete="organization"
        maxLength={LIMITS.shopNameMaxLength}
        value={name}
        error={server.fields.name}
        onChange={(event) => {
          setName(event.target.value);
          clearServerError('name');
        }}
        onKeyDown={focusOnEnter(emailInput)}
      />
      <FormField
        ref={emailInput}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.emailMaxLength}
        value={email}
        error={server.fields.email}
        onChange={(event) => {
          setEmail(event.target.value);
          clearServerError('email');
        }}
        onKeyDown={focusOnEnter(phoneInput)}
      />
      <FormField
        ref={phoneInput}
        label="Phone"
        type="tel"
        name="phone"
        autoComplete="tel"
        maxLength={LIMITS.phoneMaxLength}
        value={phone}
        error={server.fields.phone}
        onChange={(event) => {
          setPhone(event.target.value);
          clearServerError('phone');
        }}
        onKeyDown={focusOnEnter(termsInput)}
      />
      <div className={styles.field}>
        <label className={styles.check}>
          <input
            ref={termsInput}
            type="checkbox"
            name="terms"
            checked={terms}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-terms-error' : undefined}
            onChange={(event) => {
              setTerms(event.target.checked);
              if (event.target.checked) setTermsError(null);
            }}
            onKeyDown={focusOnEnter(logoInput)}
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
        fileName={logo?.name ?? null}
        hint={MESSAGES.logoHint}
        error={logoFieldError}
        onChange={onLogoChange}
      />
      {server.general ? (
        <p className={styles.errorBlock} role="alert">
          {server.general}
        </p>
      ) : null}
      {registered ? (
        <p className={styles.success} role="status">
          {MESSAGES.registered}
        </p>
      ) : null}
      <button className={styles.button} type="submit" disabled={busy}>
        Register
      </button>
    </form>
  );
}
