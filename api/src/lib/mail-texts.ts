import type { ShopRow } from '../db/schema';
import type { Loan } from '../schemas/loan';
import type { MailMessage } from './mailer';

/** The reminder an overdue loan's client gets when the shop presses "Send reminder". */
export function reminderMail(
  loan: Loan,
  shop: Pick<ShopRow, 'name' | 'email' | 'phone'>,
): MailMessage {
  const out = loan.containers.filter((c) => c.returned_at === null && c.lost_at === null);
  const given = loan.given_date.slice(0, 10);
  return {
    to: loan.client_email ?? '',
    subject: `Reminder from ${shop.name}: please bring back your containers`,
    text: [
      `Hello ${loan.client},`,
      '',
      `${out.length === 1 ? 'The container' : `The ${out.length} containers`} you borrowed from ${shop.name} on ${given} ${out.length === 1 ? 'was' : 'were'} due back on ${loan.due_date ?? ''}.`,
      'Please bring them back to any of our partner shops; your guarantee is returned with them.',
      `Guarantee held: ${loan.held_amount.toFixed(2)}.`,
      '',
      `${shop.name} · ${shop.phone} · ${shop.email}`,
      '',
    ].join('\n'),
  };
}
