/** Business constants and limits of spec section 9, in one place. */
export const LIMITS = {
  requestQuantityMin: 0,
  requestQuantityMax: 99,
  qrDefaultQuantity: 1,
  qrMaxQuantity: 10_000,
  uploadMaxBytes: 2 * 1024 * 1024,
  newestShopsCount: 2,
  requestDateLength: 10,
  faqItems: 4,
  // Page sizes: PAGE_SIZES in the contract (shared/src/contract/paging.ts).
  // The API's own text limits (api/src/schemas): each form's inputs stop there
  // (maxLength), so no one types what the server would refuse.
  shopNameMaxLength: 100,
  emailMaxLength: 254,
  phoneMaxLength: 31,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  resetCodeLength: 6,
  explanationMaxLength: 500,
} as const;

export const DELAYS_MS = {
  loginNavigation: 1000,
  dashboardLoading: 1000,
  shopListExtraWait: 1000,
  registrationReenable: 3000,
  postRegistration: 1500,
  countUpStep: 10,
  menuRevealStep: 300,
  toastAutoClose: 5000,
  /** The Loans search asks the API this long after the last key press (issue 31). */
  loanSearchDebounce: 300,
} as const;

export const COUNT_UP_STEPS = 200;

export const LAYOUT = {
  drawerWidthPx: 250,
  /** From this width the side menu is fixed beside the page; below it, a drawer (the CSS uses the same number). */
  fixedMenuMinWidthPx: 900,
  spinnerSizePx: 100,
  requestCardItemsMaxHeightPx: 300,
  qrDropdownMaxHeightPx: 100,
} as const;

export const CHARTS = {
  emptyWeekAxisMax: 10,
  axisStep: 10,
  barThickness: 10,
  doughnutCutout: '95%',
} as const;

export const MAP = {
  popupZoom: 16,
  profileZoom: 12,
  profileHeightPx: 400,
  defaultCentre: [51.505, -0.09] as [number, number],
  defaultProfileCoordinates: [24.4539, 54.3773] as [number, number],
} as const;

export const QR = {
  sizePx: 256,
  errorCorrectionLevel: 'H',
  zipName: 'qr_codes.zip',
  fileName: (n: number) => `qr_code_${n}.png`,
} as const;

export const TOASTS = {
  position: 'top-right',
  autoClose: DELAYS_MS.toastAutoClose,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} as const;

/** The API version every call is made under (spec section 7). */
export const API_PREFIX = '/api/v0';

/**
 * A call still unanswered after this long ends as "could not contact the API".
 * The spec sets no time-out; without one a hung API leaves the overlay up for
 * ever (docs/decisions.md).
 */
export const API_TIMEOUT_MS = 30_000;

/** A call still unanswered after this long makes the panel say the server is slow and offer Cancel. */
export const API_SLOW_MS = 5_000;
