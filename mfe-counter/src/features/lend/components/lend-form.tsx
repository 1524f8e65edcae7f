import { useEffect, useId } from 'react';
import { Field, LIMITS, panelStyles } from '@panel/shared';
import { EMAIL_PATTERN, LendBody, PHONE_PATTERN } from '@panel/shared/contract';
import { COUNTER_MESSAGES, COUNTER, useSchemaForm } from '@panel/shared/page-ui';

import styles from '../../../components/counter.module.css';
import { dayAfter } from '../../../utils/format';
import { useDebounced } from '../hooks/use-debounced';
import { useCounterClientsQuery } from '../api/get-clients';
import { type LendArgs } from '../api/lend-containers';

export type LendPayload = Omit<LendArgs, 'idempotencyKey'>;

interface LendValues {
  client: string;
  phone: string;
  email: string;
  dueDate: string;
}

interface LendFormProps {
  /** The list's lendable codes: the page owns the scanned list. */
  codes: string[];
  /** The shop's loan period, which gives the proposed due date. */
  loanDays: number;
  /** A loan of this form is on its way (the send queue's, not the form's). */
  sending: boolean;
  onLend: (payload: LendPayload) => void;
}

const fieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  hint: styles.hint,
  error: styles.fieldError,
};

/** The client's contact: both optional, each checked as the API checks it. */
const CONTACT_FIELDS = [
  ['phone', COUNTER_MESSAGES.clientPhoneLabel, 'tel', LIMITS.phoneMaxLength],
  ['email', COUNTER_MESSAGES.clientEmailLabel, 'email', LIMITS.emailMaxLength],
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole calendar days from today to a 'YYYY-MM-DD' day; null for none. */
function daysFromToday(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const today = new Date();
  const due = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((due.getTime() - start.getTime()) / DAY_MS);
}

/** Why the Lend button cannot act, said beside it; null when it can. */
function blocker(count: number, client: string): string | null {
  if (count === 0) return COUNTER_MESSAGES.lendNeedsCodes;
  if (count > COUNTER.maxCodesPerLoan) return COUNTER_MESSAGES.lendTooMany;
  if (client.trim() === '') return COUNTER_MESSAGES.lendNeedsClient;
  return null;
}

/** The contact the API would refuse, on its field, in the API's words. */
function contactProblem({ phone, email }: LendValues) {
  if (phone.trim() !== '' && !PHONE_PATTERN.test(phone.trim()))
    return { field: 'phone' as const, text: COUNTER_MESSAGES.clientPhoneInvalid };
  const normalised = email.normalize('NFKC').trim().toLowerCase();
  if (normalised !== '' && !EMAIL_PATTERN.test(normalised))
    return { field: 'email' as const, text: COUNTER_MESSAGES.clientEmailInvalid };
  return null;
}

/**
 * The client (earlier clients suggested), the contact, the due date, and
 * "Lend N containers". The body is checked against the contract's LendBody,
 * then handed to the page's send queue, which owns the call and its retries.
 */
export function LendForm({ codes, loanDays, sending, onLend }: LendFormProps) {
  const form = useSchemaForm({
    schema: LendBody,
    defaultValues: { client: '', phone: '', email: '', dueDate: dayAfter(new Date(), loanDays) },
    toBody: (values: LendValues): LendPayload => ({
      codes,
      client: values.client.trim(),
      due_date: values.dueDate || null,
      client_phone: values.phone.trim() || null,
      client_email: values.email.trim() || null,
    }),
    fieldOf: { client_phone: 'phone', client_email: 'email', due_date: 'dueDate', codes: 'form' },
    messages: { client_phone: COUNTER_MESSAGES.clientPhoneInvalid },
    check: contactProblem,
    focusError: true,
    send: (body) => Promise.resolve(onLend(body as LendPayload)),
  });
  const { getFieldState, resetField, watch } = form;
  const client = watch('client');
  const dueDate = watch('dueDate');
  const search = useDebounced(client.trim(), 250);
  const clients = useCounterClientsQuery(search);
  const listId = useId();
  const whyId = useId();
  const why = blocker(codes.length, client);

  // The shop's loan period gives the due date until the user picks another.
  useEffect(() => {
    if (!getFieldState('dueDate').isDirty)
      resetField('dueDate', { defaultValue: dayAfter(new Date(), loanDays) });
  }, [loanDays, getFieldState, resetField]);

  const dueInDays = daysFromToday(dueDate);
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate>
      <Field
        label={COUNTER_MESSAGES.clientLabel}
        classes={fieldClasses}
        list={listId}
        required
        maxLength={200}
        autoComplete="off"
        placeholder={COUNTER_MESSAGES.clientHint}
        {...form.field('client')}
      />
      <datalist id={listId}>
        {(clients.data ?? []).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {CONTACT_FIELDS.map(([name, label, type, maxLength]) => (
        <Field
          key={name}
          label={label}
          classes={fieldClasses}
          type={type}
          maxLength={maxLength}
          autoComplete="off"
          {...form.field(name)}
        />
      ))}
      <div className={styles.field}>
        <Field
          label={COUNTER_MESSAGES.dueDateLabel}
          hint={
            dueInDays === null ? COUNTER_MESSAGES.receiptNoDue : COUNTER_MESSAGES.dueIn(dueInDays)
          }
          classes={fieldClasses}
          type="date"
          {...form.field('dueDate')}
        />
        <span className={styles.hint}>{COUNTER_MESSAGES.loanPeriodHint(loanDays)}</span>
      </div>
      {form.formError ? (
        <p className={styles.fieldError} role="alert">
          {form.formError}
        </p>
      ) : null}
      <button
        type="submit"
        className={`${panelStyles.button} ${styles.submit}`}
        disabled={why !== null || sending}
        aria-describedby={why ? whyId : undefined}
      >
        {sending ? COUNTER_MESSAGES.lendSending : COUNTER_MESSAGES.lendButton(codes.length)}
      </button>
      {why ? (
        <p id={whyId} className={styles.why}>
          {why}
        </p>
      ) : null}
    </form>
  );
}
