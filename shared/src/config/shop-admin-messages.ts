// The super admin's texts for a shop (issue 32): deactivating with a reason,
// the page of one shop, the shop list's figures and the dashboard's league
// table. Served with @panel/shared/page-ui: the login page shows none.
import { PATHS } from './routes';

export const SHOP_ADMIN_MESSAGES = {
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateIntro:
    'The shop is signed out at once and cannot use the panel until it is activated again. It reads the reason you give.',
  deactivateReasonLegend: 'Reason',
  deactivateReasons: [
    'Unpaid invoices',
    'Too many containers not returned',
    'Shop closed',
    'At the shop’s request',
  ],
  deactivateOtherReason: 'Other reason',
  deactivateReasonRequired: 'Choose a reason or write one.',
  deactivateConfirm: 'Deactivate',
  deactivateCancel: 'Cancel',

  // The shop page.
  pageSubtitle: 'Profile, stock, loans, requests and status history',
  backToList: 'All shops',
  profileTitle: 'Profile',
  noLocation: 'No location set',
  stockTitle: 'Stock per type',
  stockInShop: 'In the shop',
  stockOnLoan: 'On loan',
  stockLost: 'Lost',
  loansTitle: 'Loans',
  openLoans: 'Open loans',
  overdueLoans: 'Overdue',
  dueSoon: 'Due in 3 days',
  ageingTitle: 'Overdue by days past due',
  returnRateTitle: 'Return rate',
  last4Weeks: 'Last 4 weeks',
  last12Weeks: 'Last 12 weeks',
  noneFellDue: 'nothing fell due',
  rateDetail: (onTime: number, fellDue: number) => `${onTime} of ${fellDue} back on time`,
  requestsTitle: 'Requests',
  requestsShown: (shown: number, total: number) =>
    shown < total ? `The newest ${shown} of ${total}` : `${total} in all`,
  noRequests: 'No request yet',
  requested: 'Requested',
  decided: 'Decided',
  sent: 'Sent',
  received: 'Received',
  explanation: 'Explanation',
  lostTitle: 'Containers lost',
  noneLost: 'None written off',
  historyTitle: 'Status history',
  noHistory: 'No status change recorded yet',
  noReason: 'no reason given',
  failed: 'Could not load this shop',

  // The shop list's figures and the league table.
  columnReturnRate: 'Return rate (4 wk)',
  columnOverdue: 'Overdue',
  columnStock: 'Stock held',
  figuresFailed: 'Could not load the shops’ figures',
  leagueTitle: 'Shops to watch',
  leagueSubtitle: 'Most overdue loans and lowest return rate over 4 weeks',
  leagueOverdue: 'Most overdue loans',
  leagueReturnRate: 'Lowest return rate',
  leagueNoOverdue: 'No shop has an overdue loan.',
  leagueNoRate: 'No loan fell due in the last 4 weeks.',
  leagueFailed: 'Could not load the league table',
} as const;

/** The address of one shop's page (PATHS.shopPage). */
export const shopPagePath = (id: number) => `${PATHS.shop}/${id}`;

/** A share as a whole percentage, or an en dash when nothing fell due. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}
