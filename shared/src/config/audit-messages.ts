// The audit log's texts (issue 33): the super admin's /audit screen, a
// shop's entries on its page, and the shop's own recent activity on its
// profile. Served with @panel/shared/page-ui: the login page shows none.
import type { AuditEntry } from '../contract/audit';
import { PATHS } from './routes';

/** One entry as GET /api/v0/audit answers it: one definition, in the contract. */
export type { AuditEntry };

export const AUDIT_ROLE_LABELS = {
  super_admin: 'Super admin',
  shop: 'Shop',
  anonymous: 'Nobody signed in',
  system: 'The panel itself',
  operator: 'Release operator',
  release_controller: 'Release controller',
} as const;
export type AuditRole = keyof typeof AUDIT_ROLE_LABELS;

/** Every action the API records, in the filter's order, with its label. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'request.create': 'Request sent',
  'request.approve': 'Request approved',
  'request.deny': 'Request denied',
  'request.cancel': 'Request cancelled',
  'request.sent': 'Request shipped',
  'request.received': 'Request received',
  'qr_batch.generate': 'QR codes generated',
  'shop.register': 'Shop registered',
  'shop.activate': 'Shop activated',
  'shop.deactivate': 'Shop deactivated',
  'shop.profile_update': 'Profile changed',
  'password.set_by_admin': 'Password set by the super admin',
  'password.reset': 'Password reset by code',
  'password.set_by_link': 'Password set by link',
  'password.change_own': 'Password changed',
  'login.success': 'Signed in',
  'login.failure': 'Sign-in failed',
  'logout.everywhere': 'Signed out everywhere',
  'loan.lend': 'Containers lent',
  'loan.return': 'Containers returned',
  'loan.undo_return': 'Return undone',
  'loan.write_off': 'Loan written off',
  'release.release': 'Release',
  'release.promote': 'Release promoted',
  'release.rollback': 'Release rolled back',
  'release.step': 'Canary step',
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** Who acted, as a line: "Shop · Café Nord", "Super admin · admin@…". */
export function actorLabel(actor: AuditEntry['actor']): string {
  const role = AUDIT_ROLE_LABELS[actor.role] ?? actor.role;
  return actor.name ? `${role} · ${actor.name}` : role;
}

export const AUDIT_MESSAGES = {
  menu: 'Audit log',
  title: 'Audit log',
  subtitle: 'Who did what, newest first',
  filtersTitle: 'Filters',
  actorRole: 'Actor',
  actorRoleAny: 'Anyone',
  actorId: 'Actor ID',
  action: 'Action',
  actionAny: 'Any action',
  shop: 'Shop ID',
  from: 'From',
  to: 'To',
  clear: 'Clear filters',
  downloadCsv: 'Download CSV',
  downloading: 'Preparing CSV…',
  downloadFailed: 'Could not download the CSV',
  noun: 'entries',
  listLabel: 'Audit entries',
  empty: 'No entry matches these filters',
  failed: 'Could not load the audit log',
  showDetails: 'Details',
  hideDetails: 'Hide details',
  field: 'Field',
  before: 'Before',
  after: 'After',
  address: 'Address',
  userAgent: 'Browser',
  target: 'Target',
  detailsJson: 'Details',
  noValue: '—',
  // A shop's entries on its page (the provider's).
  shopTitle: 'Audit log',
  shopSubtitle: 'The newest entries about this shop',
  shopMore: 'All entries of this shop',
  // The shop's own profile.
  activityTitle: 'Recent activity',
  activitySubtitle: 'Your sign-ins, password changes and decisions on your requests',
  activityEmpty: 'Nothing yet',
  activityFailed: 'Could not load your recent activity',
  activityNoun: 'events',
} as const;

/** The profile fields a before/after view names. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  x_gis: 'Longitude',
  y_gis: 'Latitude',
  logo: 'Logo (SHA-256)',
};

/** The audit screen filtered to one shop. */
export const shopAuditPath = (shopId: number) => `${PATHS.audit}?shop=${shopId}`;
