import type { ShopRow } from '../db/schema';
import type { Loan } from '../schemas/loan';
import type { MailMessage } from './mailer';

/*
 * Every mail the API sends, in one place. Each is written once as blocks and
 * rendered twice: as plain text, and as simple HTML where every piece of text
 * is escaped (shop names, client names and reasons are user input).
 */

/** A paragraph (its '\n' are line breaks), a bulleted list, or a link on its own line. */
type Block = string | { list: string[] } | { link: string; label: string };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('list' in block) return block.list.map((item) => `- ${item}`).join('\n');
  return `${block.label}: ${block.link}`;
}

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`;
  if ('list' in block)
    return `<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
  return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
}

function compose(to: string, subject: string, blocks: Block[]): MailMessage {
  return {
    to,
    subject,
    text: `${blocks.map(blockText).join('\n\n')}\n`,
    html: `<!doctype html><html><body>${blocks.map(blockHtml).join('')}</body></html>`,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The reminder an overdue loan's client gets when the shop presses "Send reminder". */
export function reminderMail(
  loan: Loan,
  shop: Pick<ShopRow, 'name' | 'email' | 'phone'>,
): MailMessage {
  const out = loan.containers.filter((c) => c.returned_at === null && c.lost_at === null);
  const given = loan.given_date.slice(0, 10);
  return compose(
    loan.client_email ?? '',
    `Reminder from ${shop.name}: please bring back your containers`,
    [
      `Hello ${loan.client},`,
      [
        `${out.length === 1 ? 'The container' : `The ${out.length} containers`} you borrowed from ${shop.name} on ${given} ${out.length === 1 ? 'was' : 'were'} due back on ${loan.due_date ?? ''}.`,
        'Please bring them back to any of our partner shops; your guarantee is returned with them.',
        `Guarantee held: ${loan.held_amount.toFixed(2)}.`,
      ].join('\n'),
      `${shop.name} · ${shop.phone} · ${shop.email}`,
    ],
  );
}

/** Forgot Password, step 1. */
export function resetCodeMail(to: string, code: string): MailMessage {
  return compose(to, 'Your password reset code', [
    `Your password reset code is ${code}. It is valid for 15 minutes and can be used once.`,
  ]);
}

/** Right after registration: the shop has no password yet (spec), and cannot log in until activated. */
export function registeredMail(shop: Pick<ShopRow, 'name' | 'email'>): MailMessage {
  return compose(shop.email, 'Your shop was registered', [
    `Hello ${shop.name},`,
    'your shop was registered on the lending panel. You can log in once the provider has activated it: ' +
      'we will then e-mail you a link to set your password. ' +
      'You can also set one at any time on the login page: choose "Forgot Password?" and ask for a code with this e-mail address.',
  ]);
}

/** The shop is active: a one-time link sets its password (lib/set-password-tokens.ts). */
export function shopActivatedMail(
  shop: Pick<ShopRow, 'name' | 'email'>,
  link: string,
  validHours: number,
): MailMessage {
  return compose(shop.email, 'Your shop is active: set your password', [
    `Hello ${shop.name},`,
    'the provider has activated your shop on the lending panel. Choose your password with this link, then log in with your e-mail address and that password.',
    { label: 'Set your password', link },
    `The link works once and for ${validHours} hours. After that, use "Forgot Password?" on the login page.`,
  ]);
}

/** What the decide route hands to notifications.sendRequestDecidedMail. */
export interface RequestDecision {
  requestId: number;
  shopId: number;
  approved: boolean;
  lines: Array<{ label: string; asked: number; approved: number }>;
  explanation: string | null;
}

/** A request approved, partly approved or denied: each line asked vs approved, and the reason of a denial. */
export function requestDecidedMail(
  shop: Pick<ShopRow, 'name' | 'email'>,
  decision: RequestDecision,
): MailMessage {
  const partly = decision.approved && decision.lines.some((line) => line.approved < line.asked);
  const outcome = !decision.approved ? 'denied' : partly ? 'partly approved' : 'approved';
  const lines = decision.lines.map((line) =>
    decision.approved
      ? `${line.label}: asked ${line.asked}, approved ${line.approved}`
      : `${line.label}: asked ${line.asked}`,
  );
  const blocks: Block[] = [
    `Hello ${shop.name},`,
    `your container request #${decision.requestId} was ${outcome}.`,
    { list: lines },
  ];
  if (decision.explanation) blocks.push(`Reason: ${decision.explanation}`);
  if (decision.approved)
    blocks.push('The approved containers are counted in your stock; they are on their way.');
  return compose(
    shop.email,
    `Your container request #${decision.requestId} was ${outcome}`,
    blocks,
  );
}

/** What the daily digest lists (at most DIGEST_LIST_MAX of each, with the totals). */
export interface DigestContent {
  since: string;
  until: string;
  registrations: { total: number; items: Array<{ name: string; email: string }> };
  requests: { total: number; items: Array<{ id: number; shop: string; containers: number }> };
}

/** The super admin's daily digest: new registrations and new requests since the last one. */
export function dailyDigestMail(to: string, content: DigestContent): MailMessage {
  const more = (total: number, shown: number) =>
    total > shown ? [`and ${total - shown} more`] : [];
  const { registrations, requests } = content;
  const blocks: Block[] = [
    `New on the lending panel from ${content.since.slice(0, 16).replace('T', ' ')} to ${content.until.slice(0, 16).replace('T', ' ')} (UTC):`,
    `${plural(registrations.total, 'new registration', 'new registrations')} (shops waiting to be activated)`,
  ];
  if (registrations.total > 0)
    blocks.push({
      list: [
        ...registrations.items.map((shop) => `${shop.name} <${shop.email}>`),
        ...more(registrations.total, registrations.items.length),
      ],
    });
  blocks.push(plural(requests.total, 'new container request', 'new container requests'));
  if (requests.total > 0)
    blocks.push({
      list: [
        ...requests.items.map(
          (r) => `#${r.id} from ${r.shop}: ${plural(r.containers, 'container', 'containers')}`,
        ),
        ...more(requests.total, requests.items.length),
      ],
    });
  blocks.push(
    "You can turn this daily e-mail off on the panel's dashboard, under E-mail notifications.",
  );
  return compose(
    to,
    `Daily digest: ${plural(registrations.total, 'registration', 'registrations')}, ${plural(requests.total, 'request', 'requests')}`,
    blocks,
  );
}
