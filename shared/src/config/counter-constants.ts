// The counter's numbers (/lend, /take-back): served with @panel/shared/page-ui,
// not with the login page.
/** A loan's default term in days: the lend form's due date starts this far from today. */
export const LOAN_DAYS_DEFAULT = 14;

/** The counter (/lend, /take-back): how codes are read and how long its offers stand. */
export const COUNTER = {
  /** A keyboard-wedge scanner types faster than this between characters; a person does not. */
  wedgeMaxGapMs: 50,
  /**
   * One gap of a burst may stretch to this (the mean still at most
   * wedgeMaxGapMs): a busy browser delivers a scanner's keys unevenly.
   */
  wedgeMaxPauseMs: 150,
  /** Shorter fast bursts ending in Enter are a person's, not a scan. */
  wedgeMinLength: 4,
  /** The Undo of the last take-back stays offered this long (the API allows 60 s). */
  undoWindowMs: 10_000,
  /** Calls waiting in the offline queue are tried again this often (and on the browser's `online`). */
  queueRetryMs: 4_000,
  /** The camera ignores the code it has just read for this long, so one label is one scan. */
  cameraRepeatMs: 2_500,
  /** The most codes one lend call takes (the API's MAX_CODES_PER_CALL). */
  maxCodesPerLoan: 200,
  /** Local storage: '1' when the counter's success and error beeps are on. */
  soundStorageKey: 'counter_sound',
} as const;
