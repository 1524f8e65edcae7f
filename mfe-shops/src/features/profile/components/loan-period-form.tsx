import { useEffect } from 'react';
import { Field, notify, panelStyles } from '@panel/shared';
import { LOAN_DAYS_RANGE, ShopSettingsBody } from '@panel/shared/contract';
import { PAGE_MESSAGES, useSchemaForm } from '@panel/shared/page-ui';
import { useGetShopSettingsQuery, useUpdateShopSettingsMutation } from '@panel/shared/data';

import styles from './profile.module.css';

const fieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  hint: styles.hint,
  error: styles.error,
};

/**
 * The shop's loan period: how many days ahead the counter's lend form puts
 * the due date. Its own small form, saved apart from the profile's multipart.
 */
export function LoanPeriodForm() {
  const { data: settings } = useGetShopSettingsQuery();
  const [save] = useUpdateShopSettingsMutation();
  const form = useSchemaForm({
    schema: ShopSettingsBody,
    defaultValues: { days: '' },
    // Digits only: Number() would also take '1e2' or ' 0x1f'; anything else is NaN, no integer.
    toBody: ({ days }) => ({ loan_days: /^\d{1,3}$/.test(days.trim()) ? Number(days) : NaN }),
    fieldOf: { loan_days: 'days' },
    messages: { loan_days: PAGE_MESSAGES.loanDaysInvalid },
    // The contract's schema leaves the range to the API's sentence; the form says it first.
    check: ({ days }) =>
      Number(days) >= LOAN_DAYS_RANGE.min && Number(days) <= LOAN_DAYS_RANGE.max
        ? null
        : { field: 'days', text: PAGE_MESSAGES.loanDaysInvalid },
    serverFields: ['loan_days'],
    send: (body) => save(body).unwrap(),
    onSent: (saved) => {
      form.reset({ days: String(saved.loan_days) });
      notify.success(PAGE_MESSAGES.loanDaysSaved);
    },
    onFailed: (described) =>
      notify.error(`${PAGE_MESSAGES.loanDaysSaveFailedPrefix}${described.text}`),
  });
  const { reset } = form;

  // The saved period fills the field when it loads; a re-read never takes what is being typed.
  useEffect(() => {
    if (settings) reset({ days: String(settings.loan_days) }, { keepDirtyValues: true });
  }, [settings, reset]);

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={!settings}>
      <Field
        label={PAGE_MESSAGES.loanDaysLabel}
        hint={PAGE_MESSAGES.loanDaysHint}
        classes={fieldClasses}
        type="number"
        inputMode="numeric"
        min={LOAN_DAYS_RANGE.min}
        max={LOAN_DAYS_RANGE.max}
        step={1}
        disabled={!settings}
        {...form.field('days')}
      />
      <div className={styles.footer}>
        <button type="submit" className={panelStyles.button} disabled={!settings || form.busy}>
          {form.busy ? 'Saving…' : PAGE_MESSAGES.loanDaysSave}
        </button>
      </div>
    </form>
  );
}
