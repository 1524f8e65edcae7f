import { COUNTER } from './counter-constants';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The counter's texts (/lend and /take-back, issue 29). The spec predates the
 * counter, so these are the product's own words, kept here like the spec's.
 */
export const COUNTER_MESSAGES = {
  lendTitle: 'Lend',
  lendSubtitle: 'Scan, type or film each container, then name the client.',
  takeBackTitle: 'Take back',
  takeBackSubtitle: 'Every code entered is taken back at once.',

  // Entering a code
  codeLabel: 'Container code',
  addCode: 'Add',
  useCamera: 'Use camera',
  closeCamera: 'Close camera',
  cameraStarting: 'Starting the camera…',
  cameraHint: 'Hold a QR label in front of the camera.',
  cameraVideoLabel: 'Camera view',
  cameraDenied:
    'The camera permission was refused. Allow the camera for this site, or type or scan the code.',
  cameraMissing: 'No camera was found. Type the code, or use a scanner.',
  cameraFailedPrefix: 'The camera could not start: ',
  cameraNeedsHttps:
    'The camera needs a secure (https) connection. Type the code, or use a scanner.',
  scannerHint: `A scanner works anywhere on this page when it ends each code with Enter and sends at most ${COUNTER.wedgeMaxGapMs} ms between characters.`,
  sound: 'Sound',

  // Why a code is refused
  refusalUnknown: 'Unknown code',
  refusalNotInStock: "Not in this shop's stock",
  refusalOnLoan: (client: string, since: string) => `Already on loan to ${client} since ${since}`,
  refusalOnLoanElsewhere: (since: string) =>
    `Already on loan to another shop's client since ${since}`,
  refusalOtherShop: 'Belongs to another shop',
  refusalNotOnLoan: 'Not on loan',
  refusalLost: 'Written off as lost',
  refusalTwice: 'Scanned twice',
  checking: 'Checking…',
  unchecked: 'Not checked: no answer from the API. The loan call will check it.',
  checkFailedPrefix: 'Could not check this code: ',
  remove: (code: string) => `Remove ${code}`,

  // Lend
  lendListTitle: 'Containers to lend',
  lendListEmpty: 'No containers yet: scan, type or film a code.',
  clientLabel: 'Client',
  clientHint: 'Name or phone',
  dueDateLabel: 'Due date',
  // "Mark returned" on /loan opens /take-back with that loan's codes (issue 31).
  markReturnedTitle: 'From the loans list',
  markReturnedButton: (n: number) =>
    n === 1 ? 'Take back this container' : `Take back these ${n} containers`,
  clientPhoneLabel: "Client's phone (optional)",
  clientEmailLabel: "Client's e-mail (optional, for reminders)",
  // The API's own sentences (api/src/routes/loans/lend.ts), said on the field before sending.
  clientPhoneInvalid: "The client's phone is not a phone number.",
  clientEmailInvalid: "The client's e-mail is not an e-mail address.",
  loanPeriodHint: (days: number) => `Your loan period is ${days} days (set it in your profile).`,
  dueIn: (days: number) => `Due in ${plural(days, 'day', 'days')}`,
  lendButton: (n: number) => `Lend ${plural(n, 'container', 'containers')}`,
  lendNeedsCodes: 'Add at least one container that can be lent.',
  lendNeedsClient: 'Enter the client.',
  lendTooMany: `One loan takes at most ${COUNTER.maxCodesPerLoan} containers.`,
  lendFailedPrefix: 'The loan was not made: ',
  lendSending: 'Lending…',
  entryTitle: 'Enter codes',
  loanTitle: 'Loan',
  lendQueued: 'No answer from the API: the loan waits in the queue and is sent when it answers.',
  receiptTitle: (id: number) => `Loan #${id}`,
  receiptClient: 'Client',
  receiptDue: 'Due',
  receiptNoDue: 'No due date',
  receiptItems: 'Containers',
  receiptTotal: 'Total guarantee',
  newLoan: 'New loan',

  // Take back
  takeBackListTitle: 'Taken back',
  takeBackListEmpty: 'Nothing taken back yet: scan, type or film a code.',
  returning: 'Taking back…',
  otherShopLoan: "Another shop's loan — joins your stock",
  daysOut: (days: number) => `${plural(days, 'day', 'days')} out`,
  late: 'Late',
  onTime: 'On time',
  undo: 'Undo',
  undone: 'Undone: back on loan',
  undoFailedPrefix: 'Could not undo: ',
  returnFailedPrefix: 'Not taken back: ',

  // The offline queue
  waitingToSend: (n: number) => `Waiting to send: ${n}`,
  queueHint: 'No answer from the API. These are sent in order when it answers again.',
  queuedLend: (n: number, client: string) =>
    `Lend ${plural(n, 'container', 'containers')} to ${client}`,
  queuedReturn: (code: string) => `Take back ${code}`,
  queued: 'Waiting to send',
  discard: 'Discard',
  discardItem: (what: string) => `Discard: ${what}`,
  discarded: 'Discarded',

  // Read out by the live region
  announceAdded: (code: string, label: string) => `${code} added: ${label}`,
  announceRefused: (code: string, reason: string) => `${code} refused: ${reason}`,
  announceReturned: (code: string) => `${code} taken back`,
  announceQueued: (what: string) => `${what}: waiting to send`,
  announceLent: (id: number) => `Loan #${id} made`,
  announceUndone: (codes: string) => `${codes}: back on loan`,
} as const;
