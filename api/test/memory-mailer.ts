import type { Mailer, MailMessage } from '../src/lib/mailer';

/**
 * Keeps messages in memory; tests read them. Apart from lib/mailer.ts, so a
 * test file does not load nodemailer, which only createMailer uses.
 */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
