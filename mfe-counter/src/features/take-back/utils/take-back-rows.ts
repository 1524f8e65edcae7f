import { type ApiError, describeError } from '@panel/shared';
import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import { type ReturnedItem } from '../../../api/counter-types';

/** One code entered on /take-back and what became of it. */
export interface TakeBackRow {
  id: number;
  code: string;
  state: 'returning' | 'waiting' | 'returned' | 'refused' | 'undone' | 'discarded';
  /** The loan it came back from (state 'returned' and after). */
  item?: ReturnedItem;
  reason?: string;
}

/** A code already taken back (or on its way) on this screen is not sent again. */
export function isRepeat(rows: readonly TakeBackRow[], code: string): boolean {
  return rows.some(
    (row) =>
      row.code === code &&
      (row.state === 'returning' || row.state === 'waiting' || row.state === 'returned'),
  );
}

/** Why the API would not take a code back, in the counter's words. */
export function returnRefusal(error: ApiError): string {
  const status = error && 'status' in error ? error.status : undefined;
  if (status === 409) return COUNTER_MESSAGES.refusalNotOnLoan;
  if (status === 404) return COUNTER_MESSAGES.refusalUnknown;
  return `${COUNTER_MESSAGES.returnFailedPrefix}${describeError(error).text}`;
}
