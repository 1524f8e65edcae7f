import { useId } from 'react';
import { LIMITS, panelStyles } from '@panel/shared';
import { COUNTER_MESSAGES, COUNTER } from '@panel/shared/page-ui';

import styles from '../../../components/counter.module.css';
import { useDebounced } from '../hooks/use-debounced';
import { useCounterClientsQuery } from '../api/get-clients';

interface LendFormProps {
  client: string;
  onClientChange: (client: string) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  email: string;
  onEmailChange: (email: string) => void;
  /** The shop's loan period, which gave the proposed due date. */
  loanDays: number;
  dueDate: string;
  onDueDateChange: (date: string) => void;
  /** Whole days from today to the due date, or null without one. */
  dueInDays: number | null;
  count: number;
  sending: boolean;
  onLend: () => void;
}

/** Why the Lend button cannot act, said beside it; null when it can. */
function blocker(count: number, client: string): string | null {
  if (count === 0) return COUNTER_MESSAGES.lendNeedsCodes;
  if (count > COUNTER.maxCodesPerLoan) return COUNTER_MESSAGES.lendTooMany;
  if (client.trim() === '') return COUNTER_MESSAGES.lendNeedsClient;
  return null;
}

/** The client (earlier clients suggested), the due date, and "Lend N containers". */
export function LendForm(props: LendFormProps) {
  const { client, dueDate, dueInDays, count, sending } = props;
  const search = useDebounced(client.trim(), 250);
  const clients = useCounterClientsQuery(search);
  const listId = useId();
  const whyId = useId();
  const dueId = useId();
  const why = blocker(count, client);

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (!why && !sending) props.onLend();
      }}
    >
      <label className={styles.field}>
        <span className={styles.label}>{COUNTER_MESSAGES.clientLabel}</span>
        <input
          className={styles.input}
          value={client}
          onChange={(event) => props.onClientChange(event.target.value)}
          list={listId}
          required
          maxLength={200}
          autoComplete="off"
          placeholder={COUNTER_MESSAGES.clientHint}
        />
        <datalist id={listId}>
          {(clients.data ?? []).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{COUNTER_MESSAGES.clientPhoneLabel}</span>
        <input
          className={styles.input}
          type="tel"
          value={props.phone}
          onChange={(event) => props.onPhoneChange(event.target.value)}
          maxLength={LIMITS.phoneMaxLength}
          autoComplete="off"
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{COUNTER_MESSAGES.clientEmailLabel}</span>
        <input
          className={styles.input}
          type="email"
          value={props.email}
          onChange={(event) => props.onEmailChange(event.target.value)}
          maxLength={LIMITS.emailMaxLength}
          autoComplete="off"
        />
      </label>
      <div className={styles.field}>
        <label className={styles.field}>
          <span className={styles.label}>{COUNTER_MESSAGES.dueDateLabel}</span>
          <input
            className={styles.input}
            type="date"
            value={dueDate}
            onChange={(event) => props.onDueDateChange(event.target.value)}
            aria-describedby={dueId}
          />
        </label>
        <span id={dueId} className={styles.hint}>
          {dueInDays === null ? COUNTER_MESSAGES.receiptNoDue : COUNTER_MESSAGES.dueIn(dueInDays)}
        </span>
        <span className={styles.hint}>{COUNTER_MESSAGES.loanPeriodHint(props.loanDays)}</span>
      </div>
      <button
        type="submit"
        className={`${panelStyles.button} ${styles.submit}`}
        disabled={why !== null || sending}
        aria-describedby={why ? whyId : undefined}
      >
        {sending ? COUNTER_MESSAGES.lendSending : COUNTER_MESSAGES.lendButton(count)}
      </button>
      {why ? (
        <p id={whyId} className={styles.why}>
          {why}
        </p>
      ) : null}
    </form>
  );
}
