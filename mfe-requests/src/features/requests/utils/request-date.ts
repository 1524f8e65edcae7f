import { LIMITS } from '@panel/shared';

// One formatter for every card: building an Intl formatter per call is what costs.
const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Month and day of a request, as the Pending cards show it ("Mar 14"), in the viewer's time zone. */
export function monthDay(requestDate: string): string {
  const date = new Date(requestDate);
  if (Number.isNaN(date.getTime())) return requestDate.slice(0, LIMITS.requestDateLength);
  return MONTH_DAY.format(date);
}

/** The request date cut to its first 10 characters, YYYY-MM-DD (spec section 9). */
export const dayOf = (requestDate: string) => requestDate.slice(0, LIMITS.requestDateLength);
