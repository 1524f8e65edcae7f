import { type ContainerTypes, type Loan } from '@panel/shared';
import { csvPhone, toCsv, PAGE_MESSAGES, dayOf } from '@panel/shared/page-ui';

import { containersSummary, codesOut } from './loan-containers';

/**
 * The loans as the work-list shows them, through the panel's one CSV writer
 * (formulas neutralised; phones kept as text without an apostrophe).
 */
export function loansToCsv(loans: readonly Loan[], types: ContainerTypes | undefined): string {
  return toCsv(
    PAGE_MESSAGES.loanWorklist.csvColumns,
    loans.map((loan) => [
      loan.id,
      loan.client,
      csvPhone(loan.client_phone),
      loan.client_email,
      dayOf(loan.given_date),
      loan.due_date ? dayOf(loan.due_date) : null,
      containersSummary(loan, types),
      codesOut(loan).join(' '),
      loan.held_amount,
      loan.reminders,
      loan.last_reminded_at ? dayOf(loan.last_reminded_at) : null,
    ]),
  );
}
