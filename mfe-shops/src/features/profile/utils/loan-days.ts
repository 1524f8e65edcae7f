import { PAGE_MESSAGES } from '@panel/shared/page-ui';

/** Why `text` is no loan period (a whole number of days from 1 to 365), or null when it is one. */
export function loanDaysProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return PAGE_MESSAGES.loanDaysInvalid;
  const days = Number(trimmed);
  return days >= 1 && days <= 365 ? null : PAGE_MESSAGES.loanDaysInvalid;
}
