// The texts of the logged-in pages that the login page never shows: kept
// out of MESSAGES, which the login page loads, and served with
// @panel/shared/page-ui once the login form is up (the login page's size
// budget, bench/src/weight/weight.ts).
import { LOAN_DAYS_MESSAGE, STOCK_MINIMUM_MESSAGE } from '../contract/shop-settings';

export const PAGE_MESSAGES = {
  // Requests a shop can follow through, and the shop's own profile (issue 31).
  followUp: {
    tabCancelled: 'Cancelled',
    noCancelledRequests: 'No cancelled request found',
    cancelledLabel: 'Cancelled',
    cancelRequest: 'Cancel request',
    confirmCancelTitle: 'Cancel this request?',
    confirmCancelText:
      'The provider will no longer see it. You can send a new request at any time.',
    confirmCancelYes: 'Yes, cancel it',
    confirmCancelNo: 'Keep it',
    requestCancelled: 'Request cancelled',
    cancelFailedPrefix: 'Failed cancelling request, Reason: ',
    viewRequest: 'View it in Pending',
    maybeSent:
      'The server did not answer in time, so the request may have been sent. Checking your pending requests…',
    foundAfterAll: 'Your request was sent after all.',
    notFoundSendAgain:
      'The request was not found among your pending requests. Send it again: it will not be sent twice.',
    checkFailed:
      'Could not check whether the request was sent. Check again, or send it again: it will not be sent twice.',
    sendAgain: 'Send again',
    checkAgain: 'Check again',
    phoneLabel: 'Phone',
    phoneRequired: 'Enter a phone number',
    noLocation:
      'No location set yet: the map shows a default place. Click the map or type coordinates to set yours.',
    leaveUnsaved: 'You have unsaved changes. Leave this page and lose them?',
    profileUnsaved: 'You have unsaved changes.',
    profileSaved: 'All changes saved.',
    stockMinimumsTitle: 'Minimum stock',
    stockMinimumsHint:
      'Your dashboard warns when free stock of a type drops below its minimum. 0 means no minimum.',
    stockMinimumInvalid: STOCK_MINIMUM_MESSAGE,
    stockMinimumsSave: 'Save minimums',
    stockMinimumsSaved: 'Minimum stock saved',
    stockMinimumsSaveFailedPrefix: 'Minimum stock not saved, reason: ',
    passwordTitle: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    newPasswordAgain: 'New password again',
    changePassword: 'Change password',
    passwordChanged: 'Password changed. Your other sessions have ended.',
    passwordChangeFailedPrefix: 'Password not changed, reason: ',
    currentPasswordRequired: 'Enter your current password',
  },
  faq: [
    {
      question: 'How do I get more containers?',
      answer:
        'Open Requests in the menu (or the round + button), choose how many of each container type you need, from 0 to 99, and press Send Request. The request waits under Pending until the provider accepts or denies it; accepted containers are added to your stock at once. Accepted and Denied Request list what the provider decided.',
    },
    {
      question: 'How do I lend containers to a client?',
      answer:
        'Open Lend in the menu. Scan each QR label with a barcode scanner, film it with Use camera, or type its code and press Add; the panel checks each code at once and says why one cannot be lent. Enter the client, check the due date (your loan period from My Profile proposes it) and press Lend. The receipt shows the total guarantee the client pays you; the loan is listed under Loans and marked when it is overdue.',
    },
    {
      question: 'How do I take containers back?',
      answer:
        'Open Take back in the menu and scan, film or type each code: every code is taken back at once and joins your stock; for 10 seconds Undo puts it back on loan. Clients may return containers at any shop of the service, so a container lent by another shop joins your stock too. A loan moves from Loans to Returns when all its containers are back; you refund the guarantee to the client.',
    },
    {
      question: 'How do I change my password?',
      answer:
        'On the login page choose Forgot Password?, enter your shop e-mail and press Send Email. Type the code we e-mail you and your new password twice. The provider can also set a new password for your shop on request.',
    },
  ],
  // The shop's open loans as a work-list, and its return rate on the dashboard (issue 31).
  loanWorklist: {
    filtersLabel: 'Show loans',
    filters: {
      all: 'All',
      overdue: 'Overdue',
      due_soon: 'Due within 3 days',
      no_due_date: 'No due date',
    },
    searchLabel: 'Search loans',
    searchPlaceholder: 'Client, code or loan id',
    ageingTitle: 'Overdue by',
    ageing: {
      '1-7': '1–7 days',
      '8-14': '8–14 days',
      '15-30': '15–30 days',
      '31+': 'more than 30 days',
    },
    heldOpen: 'Guarantee held, open loans',
    heldOverdue: 'Guarantee held, overdue loans',
    lostCount: 'Containers lost',
    statusHeader: 'Status',
    actionsHeader: 'Actions',
    noMatch: 'No open loan matches this filter or search.',
    sendReminder: 'Send reminder',
    reminded: (times: number, last: string) => `Reminded ${times}× · last ${last}`,
    reminderSent: (client: string) => `Reminder sent to ${client}`,
    markReturned: 'Mark returned',
    lost: 'Lost',
    lostTitle: (client: string) => `Containers of ${client} lost`,
    lostCodesLegend: 'Which containers are lost?',
    lostReasonLegend: 'Why?',
    lostReasons: ['Client moved away', 'Client cannot be reached', 'Broken', 'Client keeps it'],
    lostOtherReason: 'Other reason',
    lostCodesRequired: 'Choose at least one container.',
    lostReasonRequired: 'Say why the containers are lost.',
    lostConfirm: 'Write off',
    lostCancel: 'Cancel',
    lostDone: (count: number) =>
      count === 1 ? '1 container written off as lost' : `${count} containers written off as lost`,
    exportCsv: 'Export CSV',
    exportFailed: 'The CSV file could not be made.',
    csvColumns: [
      'Loan',
      'Client',
      'Phone',
      'E-mail',
      'Given',
      'Due',
      'Containers',
      'Codes out',
      'Guarantee held',
      'Reminders',
      'Last reminder',
    ],
  },
  returnRate: {
    title: 'Return rate',
    definition: 'containers back by their due date, of those that fell due',
    last4: 'Last 4 weeks',
    last12: 'Last 12 weeks',
    nothingFellDue: 'nothing fell due',
    trendTitle: 'Week by week',
    failed: 'Could not load your return rate',
  },
  // The shop dashboard's stock alert (issue 31): free stock below the profile's minimums.
  stockAlert: {
    title: 'Low stock',
    intro: 'Free stock in your shop (not out on loan) is below your minimum for:',
    line: (label: string, free: number, minimum: number) =>
      `${label}: ${free} free, minimum ${minimum}, ${minimum - free} short`,
    request: 'Request the missing containers',
  },
  // The Loans figure counts containers; saying on how many open loans keeps it from reading
  // as a contradiction of Total Loans (loans ever made).
  shopLoansOnOpen: (open: number) =>
    `containers out with clients now, on ${open} open ${open === 1 ? 'loan' : 'loans'}`,

  // The shop's counter settings, on its profile page (issue 29).
  counterSettingsTitle: 'Counter',
  loanDaysLabel: 'Loan period (days)',
  loanDaysHint: 'The Lend page proposes a due date this many days ahead.',
  loanDaysInvalid: LOAN_DAYS_MESSAGE,
  loanDaysSave: 'Save loan period',
  loanDaysSaved: 'Loan period saved',
  loanDaysSaveFailedPrefix: 'Loan period not saved, reason: ',

  supportSubtitle: 'How the panel works for your shop, and how to reach the provider',
  /**
   * The spec fixes four FAQ items and leaves their text open: the four things
   * a shop does in the panel, each answer saying what the panel really does.
   */
} as const;
