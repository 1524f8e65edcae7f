import { MESSAGES } from '@panel/shared';

/** Why `text` is no loan period (a whole number of days from 1 to 365), or null when it is one. */
export function loanDaysProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return MESSAGES.loanDaysInvalid;
  const days = Number(trimmed);
  return days >= 1 && days <= 365 ? null : MESSAGES.loanDaysInvalid;
}
