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
} as const;

/** Forgot-password non-200 block: 'An unknown error has occurred. Error Code : {status}'. */
export function unknownErrorText(status: number | string): string {
  return `${MESSAGES.unknownErrorPrefix}${status}`;
}
