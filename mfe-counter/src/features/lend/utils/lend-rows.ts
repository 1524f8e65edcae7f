import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import { type CodeCheck } from '../../../api/counter-types';
import { formatDate } from '../../../utils/format';

/** One entered code on the lend list. */
export interface LendRow {
  id: number;
  code: string;
  /** 'unchecked': the check got no answer; the lend call checks it instead. */
  state: 'checking' | 'ok' | 'unchecked' | 'refused';
  containerType: string | null;
  guarantee: number | null;
  /** Why it cannot be lent (state 'refused'). */
  reason?: string;
}

/** The row a code makes as it is entered: a second entry of a listed code is refused at once. */
export function enteredRow(rows: readonly LendRow[], id: number, code: string): LendRow {
  const twice = rows.some(
    (row) => row.code === code && row.reason !== COUNTER_MESSAGES.refusalTwice,
  );
  return twice
    ? {
        id,
        code,
        state: 'refused',
        containerType: null,
        guarantee: null,
        reason: COUNTER_MESSAGES.refusalTwice,
      }
    : { id, code, state: 'checking', containerType: null, guarantee: null };
}

/** Why the API says a code cannot be lent, in the counter's words; null when it can. */
export function refusalText(check: CodeCheck): string | null {
  switch (check.refusal) {
    case null:
      return null;
    case 'unknown':
      return COUNTER_MESSAGES.refusalUnknown;
    case 'not_in_stock':
      return COUNTER_MESSAGES.refusalNotInStock;
    case 'other_shop':
      return COUNTER_MESSAGES.refusalOtherShop;
    case 'not_on_loan':
      return COUNTER_MESSAGES.refusalNotOnLoan;
    case 'lost':
      return COUNTER_MESSAGES.refusalLost;
    case 'on_loan': {
      const since = formatDate(check.loan?.given_date);
      return check.loan?.client
        ? COUNTER_MESSAGES.refusalOnLoan(check.loan.client, since)
        : COUNTER_MESSAGES.refusalOnLoanElsewhere(since);
    }
  }
}

/** The row once the API has answered its check. */
export function checkedRow(row: LendRow, check: CodeCheck): LendRow {
  const reason = refusalText(check);
  return {
    ...row,
    state: reason === null ? 'ok' : 'refused',
    containerType: check.container_type,
    guarantee: check.guarantee_amount,
    ...(reason === null ? {} : { reason }),
  };
}

/**
 * The codes the Lend button sends: those the API said can be lent, and those
 * it could not be asked about (flaky Wi-Fi must not stop the counter; the
 * lend call refuses what cannot be lent).
 */
export function lendableCodes(rows: readonly LendRow[]): string[] {
  return rows
    .filter((row) => row.state === 'ok' || row.state === 'unchecked')
    .map((row) => row.code);
}

export function totalGuarantee(items: readonly { guarantee_amount: number }[]): number {
  return items.reduce((sum, item) => sum + item.guarantee_amount, 0);
}
