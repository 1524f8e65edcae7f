import { useState } from 'react';
import { Link } from 'react-router-dom';
import { describeError, type Loan, notify, panelStyles, PATHS } from '@panel/shared';
import { PAGE_MESSAGES, formatDate } from '@panel/shared/page-ui';
import { newIdempotencyKey } from '@panel/shared/data';

import { useRemindDashboardLoanClientMutation } from '../api/remind-client';
import { codesOut } from '../utils/loan-containers';
import styles from './loans.module.css';

const TEXT = PAGE_MESSAGES.loanWorklist;

interface LoanActionsProps {
  loan: Loan;
  overdue: boolean;
  onLost: (loan: Loan) => void;
}

/**
 * A row's actions: Send reminder (overdue loans with an e-mail), Mark
 * returned (the counter's take-back page with the codes still out) and Lost.
 * A refused reminder (the one-a-day limit) is said in the row, where it was asked.
 */
export function LoanActions({ loan, overdue, onLost }: LoanActionsProps) {
  const [remind, { isLoading }] = useRemindDashboardLoanClientMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const out = codesOut(loan);

  const sendReminder = async () => {
    setRefusal(null);
    const result = await remind({ id: loan.id, idempotencyKey: newIdempotencyKey() });
    if (result.error) {
      const { text } = describeError(result.error);
      setRefusal(text);
      notify.error(text);
    } else {
      notify.success(TEXT.reminderSent(loan.client));
    }
  };

  return (
    <div className={styles.actions}>
      {overdue && loan.client_email ? (
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.actionButton}`}
          disabled={isLoading}
          aria-busy={isLoading}
          onClick={() => void sendReminder()}
        >
          {TEXT.sendReminder}
        </button>
      ) : null}
      {out.length > 0 ? (
        <>
          <Link
            className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.actionButton}`}
            to={`${PATHS.takeBack}?codes=${out.map(encodeURIComponent).join(',')}`}
          >
            {TEXT.markReturned}
          </Link>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.actionButton}`}
            aria-haspopup="dialog"
            onClick={() => onLost(loan)}
          >
            {TEXT.lost}
          </button>
        </>
      ) : null}
      {loan.reminders > 0 && loan.last_reminded_at ? (
        <p className={styles.reminded}>
          {TEXT.reminded(loan.reminders, formatDate(loan.last_reminded_at))}
        </p>
      ) : null}
      <p role="status" className={styles.refusal}>
        {refusal}
      </p>
    </div>
  );
}
