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
    stockMinimumsTitle: 'Minimum stock',
    stockMinimumsHint:
      'Your dashboard warns when free stock of a type drops below its minimum. 0 means no minimum.',
    stockMinimumInvalid: 'A minimum stock is a whole number from 0 to 9999.',
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
  pendingBadge: (count: number) => `${count.toLocaleString('en-US')} pending`,

  // profile
  shopModified: 'Shop successfuly Modified',
  shopEditFailedPrefix: 'Shop Edit Failed, reason: ',

  // auth
  acceptTerms: 'please accept the terms of services',
  termsLabel: 'I accept the terms of service',
  fileTooLarge: 'File size must be less than 2MB',
  imagesOnly: 'Only image files are accepted',
  passwordsDontMatch: "Passwords Doesn't match",
  resetCodeSent: 'An email containing a confirmation code has been sent to you.',
  unknownErrorPrefix: 'An unknown error has occurred. Error Code : ',
  registered: 'Your shop was registered. Check your e-mail to set a password.',

  // Checked in the form before a call (issue 34).
  passwordHint: (min: number) => `At least ${min} characters.`,
  passwordTooShort: (min: number) => `The password must have at least ${min} characters.`,
  emailRequired: 'Enter the e-mail address of your shop.',

  // The file picker of the logo fields (issue 34).
  chooseFile: 'Choose file',
  noFileChosen: 'No file chosen',
  logoHint: 'An image file under 2 MB.',

  // The API's schema answers, told without its paths and keys (issue 34).
  invalidRequest: 'Some of the information sent is not valid.',
  invalidField: (what: string) => `The ${what} is not valid. Check it and try again.`,

  // lists
  nothingToShow: 'nothing to show...',

  // QR
  qrTitle: 'QR Generator',
  qrSearchPlaceholder: 'Search in Countries',
  qrGenerationFailed: 'Error generating QR codes',
  // The spec only logs a failure; the panel also tells the user why (issue 12).
  qrGenerationFailedPrefix: 'Error generating QR codes, reason: ',
  qrCodesKept: (batchId: number) =>
    `The codes already created are kept as batch #${batchId}: use Download again to get them.`,
  qrMaxQuantity: (max: string) => `At most ${max} codes per batch.`,
  qrCountryLabel: 'Country',
  qrTypeLabel: 'Container model',
  qrQuantityLabel: 'Quantity',
  qrDownload: 'Download',
  qrDownloadAgain: 'Download again',
  qrCancel: 'Cancel',
  qrCancelled: 'QR code download cancelled.',
  qrRecentBatches: 'Recent batches',
  qrNoBatches: 'No QR codes generated yet.',
  qrPreviewEmpty: 'The latest generated code shows here.',

  // layout and side menu (spec section 2)
  menuHome: 'Home',
  menuLoans: 'Loans',
  menuReturns: 'Returns',
  menuLend: 'Lend',
  menuTakeBack: 'Take back',
  menuContainers: 'Containers',
  menuRequestsGroup: "Request's Container",
  menuRequests: 'Requests',
  menuPending: 'Pending',
  menuAccepted: 'Accepted',
  menuDenied: 'Denied Request',
  menuShopList: 'Shop List',
  menuQr: 'QR generator',
  menuSupport: 'Support',
  menuLogout: 'Logout',
  skipToContent: 'Skip to content',
  myProfile: 'My Profile',
  signOut: 'Sign Out',
  startChat: 'Start Chat',
  faqTitle: 'Frequently Asked Questions',
  supportSubtitle: 'How the panel works for your shop, and how to reach the provider',
  /**
   * The spec fixes four FAQ items and leaves their text open: the four things
   * a shop does in the panel, each answer saying what the panel really does.
   */
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
  remoteFailed: 'This part of the panel could not be loaded.',
  retry: 'Retry',
  backToHome: 'Back to Home',
  // Until the name is known (or when the API cannot be reached) the greeting is a plain 'Hello'.
  greeting: (shopName: string | undefined) => (shopName ? `Hello, ${shopName}` : 'Hello'),

  // Forgot password, step 2: the code allows a few wrong tries (issue 16).
  triesLeft: (n: number) => (n === 1 ? '1 try left' : `${n} tries left`),
  sendNewCode: 'Send a new code',
  newCodeSent: 'A new code has been sent to you. The previous one no longer works.',

  // What each dashboard figure counts, said under its title (issue 16).
  figureHints: {
    shopTotalLoans: 'loans ever made',
    shopLoans: 'containers out with clients now',
    shopContainers: 'containers you hold, in the shop or out',
    shopClients: 'different clients ever',
    providerTotalLoans: 'loans ever made, all shops',
    providerTotalContainers: 'containers that exist: in shops, out or in the warehouse',
    // Total Shops counts active shops; the line under it says how many wait for activation.
    providerTotalShops: (waiting: number | undefined) =>
      waiting === undefined ? 'active shops' : `${waiting} waiting for activation`,
  },
  // A container type the shop has none of: not "0 % in stock", which reads as "all out on loan".
  noneYet: 'none yet',

  // The shop's counter settings, on its profile page (issue 29).
  counterSettingsTitle: 'Counter',
  loanDaysLabel: 'Loan period (days)',
  loanDaysHint: 'The Lend page proposes a due date this many days ahead.',
  loanDaysInvalid: 'The loan period is a whole number of days from 1 to 365.',
  loanDaysSave: 'Save loan period',
  loanDaysSaved: 'Loan period saved',
  loanDaysSaveFailedPrefix: 'Loan period not saved, reason: ',

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

  // The shop dashboard's stock alert (issue 31): free stock below the profile's minimums.
  stockAlert: {
    title: 'Low stock',
    intro: 'Free stock in your shop (not out on loan) is below your minimum for:',
    line: (label: string, free: number, minimum: number) =>
      `${label}: ${free} free, minimum ${minimum}, ${minimum - free} short`,
    request: 'Request the missing containers',
  },
} as const;

/** Forgot-password non-200 block: 'An unknown error has occurred. Error Code : {status}'. */
export function unknownErrorText(status: number | string): string {
  return `${MESSAGES.unknownErrorPrefix}${status}`;
}
