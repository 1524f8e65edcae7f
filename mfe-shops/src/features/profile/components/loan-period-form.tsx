import { useId, useState, type FormEvent } from 'react';
import { type ApiError, describeError, notify, panelStyles } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { useGetShopSettingsQuery, useUpdateShopSettingsMutation } from '@panel/shared/data';

import { loanDaysProblem } from '../utils/loan-days';
import styles from './profile.module.css';

/**
 * The shop's loan period: how many days ahead the counter's lend form puts
 * the due date. Its own small form, saved apart from the profile's multipart.
 */
export function LoanPeriodForm() {
  const id = useId();
  const { data: settings } = useGetShopSettingsQuery();
  const [save, { isLoading: saving }] = useUpdateShopSettingsMutation();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = text ?? (settings ? String(settings.loan_days) : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problem = loanDaysProblem(value);
    setError(problem);
    if (problem) return;
    try {
      await save({ loan_days: Number(value) }).unwrap();
      setText(null);
      notify.success(PAGE_MESSAGES.loanDaysSaved);
    } catch (failure) {
      const described = describeError(failure as ApiError, { fields: ['loan_days'] });
      notify.error(`${PAGE_MESSAGES.loanDaysSaveFailedPrefix}${described.text}`);
      if (described.field) setError(described.text);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={!settings}>
      <div className={styles.field}>
        <label htmlFor={`${id}-days`} className={styles.label}>
          {PAGE_MESSAGES.loanDaysLabel}
        </label>
        <input
          id={`${id}-days`}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          disabled={!settings}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {PAGE_MESSAGES.loanDaysHint}
        </p>
        {error ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.footer}>
        <button type="submit" className={panelStyles.button} disabled={!settings || saving}>
          {saving ? 'Saving…' : PAGE_MESSAGES.loanDaysSave}
        </button>
      </div>
    </form>
  );
}
