import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** Every mail goes as plain text plus the same content as simple HTML (lib/mail-texts.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Lending panel <no-reply@panel.local>';

/**
 * One nodemailer transport: SMTP when SMTP_URL is set; otherwise nodemailer's
 * JSON transport, whose message is written to DATA_DIR/outbox/ (one file per
 * mail, `to` kept as the plain address the browser tests look for) plus a log
 * line, so the demo and the tests reading codes and links work offline.
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
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      // A mail may hold a reset code or a set-password link: the folder and files are the API user's alone.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const date = new Date().toISOString();
      const name = `${date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const file = path.join(options.outboxDir, name);
      const built = JSON.parse(String(info.message)) as Record<string, unknown>;
      const stored = { ...built, from: FROM, to: message.to, date };
      // Written aside, then renamed: whoever reads the outbox (the browser
      // tests among them) never finds a mail half written.
      const partial = `${file}.partial`;
      try {
        await writeFile(partial, JSON.stringify(stored, null, 2), { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        // Not sent: nothing of it stays behind (it may hold a reset code).
        await rm(partial, { force: true }).catch(() => undefined);
        throw error;
      }
      options.log(`e-mail to ${message.to} written to ${file}: ${message.subject}`);
    },
  };
}
