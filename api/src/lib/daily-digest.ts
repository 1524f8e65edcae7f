import { digestRecipients } from '../repositories/notification-settings';
import { readDigest } from '../repositories/digest';
import { lastMailAt, mailKeyTaken } from '../repositories/sent-mails';
import { dailyDigestMail } from './mail-texts';
import { sendOnce, type MailDeps } from './notifications';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often the timer looks whether today's digest is due: the hour is met within this. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * The daily digest of new registrations and new requests, to each super
 * admin who has it on, once per admin and UTC day ('digest:<admin>:<day>'):
 * of two API processes (or two ticks) only the one that claims the key
 * sends. It covers the time since that admin's previous digest (the first
 * one: the last 24 hours). A day with nothing new sends nothing, and its
 * window moves on. Resolves to how many mails this call sent.
 */
export async function sendDailyDigest(deps: MailDeps, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  let sent = 0;
  for (const admin of await digestRecipients(deps.db)) {
    const key = `digest:${admin.id}:${day}`;
    if (await mailKeyTaken(deps.db, key)) continue;
    const since =
      (await lastMailAt(deps.db, `digest:${admin.id}:`)) ??
      new Date(now.getTime() - DAY_MS).toISOString();
    const until = now.toISOString();
    const mailed = await sendOnce(deps, key, admin.email, now, async () => {
      const content = await readDigest(deps.db, since, until);
      const empty = content.registrations.total === 0 && content.requests.total === 0;
      return { message: empty ? null : dailyDigestMail(admin.email, content) };
    });
    if (mailed) sent += 1;
  }
  return sent;
}

/**
 * Sends the digest from the API process: every 10 minutes it looks whether
 * the UTC hour `hour` has come today, and sends today's digest if no process
 * has. Unref'd, so it never keeps the process alive. Returns the stop function.
 */
export function startDigestTimer(
  deps: MailDeps,
  options: { hour: number; now?: () => Date; log: (error: unknown) => void },
): () => void {
  const tick = () => {
    const now = options.now?.() ?? new Date();
    if (now.getUTCHours() < options.hour) return;
    sendDailyDigest(deps, now).catch(options.log);
  };
  const timer = setInterval(tick, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
