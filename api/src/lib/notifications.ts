import { createHash, randomBytes } from 'node:crypto';

import type { AppDeps } from '../deps';
import { findShopById } from '../repositories/shops';
import {
  SET_PASSWORD_TOKEN_TTL_MS,
  deleteSetPasswordToken,
  storeSetPasswordToken,
} from '../repositories/set-password-tokens';
import { claimMailKey, releaseMailKey } from '../repositories/sent-mails';
import { requestDecidedMail, shopActivatedMail, type RequestDecision } from './mail-texts';
import type { MailMessage } from './mailer';

/** What the mails need: the database, the mailer, and where the panel is opened (for links). */
export type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'panelUrl'>;

/** The panel's address when PUBLIC_PANEL_URL is not set (the shell's default port). */
export const DEFAULT_PANEL_URL = 'http://localhost:3000';

/** The set-password page of the shell's auth remote (shared PATHS.setPassword). */
const SET_PASSWORD_PATH = '/auth/set-password';

/** Stored instead of the token: a 256-bit random token needs no slow hash. */
export function hashSetPasswordToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Sends a mail at most once per key: the key is claimed first (only one of
 * two racing calls or API processes can), then the mail goes. If sending
 * fails, the key is given back and the error thrown, so a later call can
 * send it. `prepare` runs only for the call that claimed the key; a null
 * message keeps the key with nothing sent (a digest of an empty day).
 */
export async function sendOnce(
  deps: MailDeps,
  key: string,
  recipient: string,
  now: Date,
  prepare: () => Promise<{ message: MailMessage | null; undo?: () => Promise<void> }>,
): Promise<boolean> {
  if (!(await claimMailKey(deps.db, key, recipient, now))) return false;
  let undo: (() => Promise<void>) | undefined;
  try {
    const prepared = await prepare();
    undo = prepared.undo;
    if (!prepared.message) return false;
    await deps.mailer.send(prepared.message);
    return true;
  } catch (error) {
    await undo?.();
    await releaseMailKey(deps.db, key);
    throw error;
  }
}

/**
 * "Your shop is active", with a one-time link (24 h) to set the password.
 * Keyed by the shop's token_version, which every deactivation bumps: one mail
 * per activation, however often this is called for it. Nothing is sent for a
 * shop that is not active. Resolves to whether this call sent the mail.
 */
export async function sendShopActivatedMail(
  deps: MailDeps,
  shopId: number,
  now: Date,
): Promise<boolean> {
  const shop = await findShopById(deps.db, shopId);
  if (!shop || shop.status !== 'active') return false;
  const key = `activation:${shop.id}:${shop.token_version}`;
  return sendOnce(deps, key, shop.email, now, async () => {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashSetPasswordToken(token);
    await storeSetPasswordToken(deps.db, shop.id, tokenHash, now);
    const link = new URL(SET_PASSWORD_PATH, deps.panelUrl ?? DEFAULT_PANEL_URL);
    link.searchParams.set('token', token);
    const hours = SET_PASSWORD_TOKEN_TTL_MS / 3_600_000;
    return {
      message: shopActivatedMail(shop, link.toString(), hours),
      undo: () => deleteSetPasswordToken(deps.db, tokenHash),
    };
  });
}

/** A request approved, partly approved or denied, told to its shop once. */
export async function sendRequestDecidedMail(
  deps: MailDeps,
  decision: RequestDecision,
  now: Date = new Date(),
): Promise<boolean> {
  const shop = await findShopById(deps.db, decision.shopId);
  if (!shop) return false;
  return sendOnce(deps, `decision:${decision.requestId}`, shop.email, now, async () => ({
    message: requestDecidedMail(shop, decision),
  }));
}
