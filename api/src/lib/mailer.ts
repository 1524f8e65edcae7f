import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Lending panel <no-reply@panel.local>';

/**
 * SMTP when SMTP_URL is set; otherwise one JSON file per message in
 * DATA_DIR/outbox/ plus a log line, so the demo (and a browser test reading
 * the reset code) works offline.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  outboxDir: string;
  log: (text: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
    };
  }
  return {
    async send(message) {
      // A mail may hold a reset code in clear: the folder and files are the API user's alone.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const date = new Date().toISOString();
      const name = `${date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(options.outboxDir, name);
      await writeFile(file, JSON.stringify({ from: FROM, date, ...message }, null, 2), {
        mode: 0o600,
      });
      options.log(`e-mail to ${message.to} written to ${file}: ${message.subject}`);
    },
  };
}

/** Keeps messages in memory; tests read them. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
