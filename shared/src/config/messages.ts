/**
 * Every user-facing text the spec gives (sections 1, 2, 5 and 8), kept once so
 * the apps and their tests read the same string. Spelling is the spec's own,
 * typos included ("successfuly", "Doesn't match"): users and tests rely on it.
 */
export const MESSAGES = {
  slogan: 'Earth First, Everything Else Second',

  // section 8: load failures
  loadFailedPrefix: 'Failed to get info, reason: ',
  permissionDenied: 'Permission Denied',
  notFound: '404 not found',
  noInternet: 'No Internet connection found / Failed to contact API',
  // Said while a call is still unanswered after 5 s; the time-out ends it at 30 s (issue 34).
  serverSlow: 'The server is slow to answer. Still waiting…',
  cancelCalls: 'Cancel',
  sessionExpired: 'Your session has expired, please log in again',
  failedShopsData: 'Failed to fetch shops data',
  failedShopInfo: 'Failed to fetch shop info',
  failedTypesAndCountries: 'Failed to fetch types and countries',
  failedLastShops: 'Failed to fetch last shops',
  weeklyLoanFailedPrefix: "Failed to get this week's loan info, reason: ",
  failedWeeklyLoanData: 'Failed to fetch Weekly loan data',

  // section 4 and 8: shop status
  shopAlreadyActive: 'Shop is already active / Still Loading',
  shopAlreadyInactive: 'Shop is already inactive / Still Loading',
  shopActivated: 'Shop successfuly Activated',
  shopDeactivated: 'Shop successfuly Deactivated',
  shopActivationFailedPrefix: 'Shop Activation Failed, reason: ',
  shopDeactivationFailedPrefix: 'Shop Deactivation Failed, reason: ',

  // requests
  requestSent: 'the Request was sent successfuly',
  requestApproved: 'Request approved successfuly',
  requestDenied: 'Request denied successfuly',
  approveFailedPrefix: 'Failed approving request, Reason: ',
  denyFailedPrefix: 'Failed denying request, Reason: ',
  confirmRequestTitle: 'Are you sure about this request?',
  confirmRequestYes: 'Yes, send the Request',
  confirmRequestNo: 'No',
  noPendingRequests: 'No pending request found',
  // The spec gives the denied text for the accepted tab too ("possibly a copy slip").
  noAcceptedRequests: 'No denied request found',
  noDeniedRequests: 'No denied request found',
  // Beyond the spec: the words of the request screens, and a failed send (the spec has no handler).
  requestTabMain: 'Request',
  requestTabPendingShop: 'Pending',
  requestTabPendingProvider: 'Requests',
  requestTabAccepted: 'Accepted',
  requestTabDenied: 'Denied',
  sendRequest: 'Send Request',
  sendRequestHint: 'Choose at least one container to send a request.',
  requestSendFailedPrefix: 'Failed sending request, Reason: ',
  requestAccept: 'Accept',
  requestDeny: 'Deny',
  requestPendingLabel: 'Pending',
  requestAcceptedLabel: 'Accepted',
  requestDeniedLabel: 'Denied',
  loadMoreRequests: 'Load more',

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
  // The Loans figure counts containers; saying on how many open loans keeps it from reading
  // as a contradiction of Total Loans (loans ever made).
  shopLoansOnOpen: (open: number) =>
    `containers out with clients now, on ${open} open ${open === 1 ? 'loan' : 'loans'}`,
} as const;

/** Forgot-password non-200 block: 'An unknown error has occurred. Error Code : {status}'. */
export function unknownErrorText(status: number | string): string {
  return `${MESSAGES.unknownErrorPrefix}${status}`;
}
