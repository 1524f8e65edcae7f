// The texts of deciding a request with the stock in view, and of its life
// after approval (issue 32), for both roles. Logged-in pages only, so served
// with @panel/shared/page-ui (see page-messages.ts for why).
export const DECISION_MESSAGES = {
  approveTitle: 'Approve this request?',
  approveHint:
    'Approve fewer than asked where the warehouse is short or the request is large; 0 leaves a line out.',
  approveConfirm: 'Approve',
  denyTitle: 'Deny this request?',
  denyHint: 'The shop reads your reason on its Denied card and in its e-mail.',
  denyConfirm: 'Deny',
  back: 'Back',
  asked: 'Asked',
  inWarehouse: 'In warehouse',
  toApprove: 'Approve',
  short: 'Short',
  warehouseUnknown: 'Warehouse stock unavailable',
  /** Per line on a pending card: what the warehouse holds of its type. */
  warehouseHas: (count: number) => `${count.toLocaleString('en-US')} in warehouse`,
  warehouseShort: (count: number) => `only ${count.toLocaleString('en-US')} in warehouse`,
  cannotMeet: 'Not enough in the warehouse for every line',
  quantityInvalid: (most: number) => `A whole number from 0 to ${most}.`,
  nothingApproved: 'Approve at least one container, or deny the request.',
  reasonLegend: 'Reason for the shop',
  reasons: [
    'Not enough containers in the warehouse right now.',
    'Too many containers asked at once; please ask for fewer.',
    'Your current stock covers your loans; ask again when it runs low.',
  ],
  otherReason: 'Other reason',
  otherReasonLabel: 'Your words',
  reasonRequired: 'Pick a reason or write one for the shop.',
  /** On decided cards. */
  approvedOf: (approved: number, asked: number) => `${approved} of ${asked} approved`,
  deniedBecause: 'Reason:',
  decidedOn: 'Decided',
  sentOn: 'Sent',
  receivedOn: 'Received',
  markSent: 'Mark sent',
  markReceived: 'Mark received',
  markedSent: 'Marked sent',
  markedReceived: 'Marked received',
  markFailedPrefix: 'Failed marking request, Reason: ',
} as const;
