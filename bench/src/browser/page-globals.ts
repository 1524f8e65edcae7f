// What the browser benchmarks put on the pages they measure (from the first
// script on, through addInitScript), read back with page.evaluate.

/** One page's record: each bench fills the fields it watches for. */
export interface PageRecord {
  longTasks?: number[];
  /** Long tasks with when they started (the requests and QR benches: those after a moment). */
  taskTimes?: Array<{ start: number; duration: number }>;
  firstRowAt?: number | null;
  skeletonAt?: number | null;
  firstCardAt?: number | null;
  savedAt?: number | null;
  code?: string | null;
  startedAt?: number | null;
  shownAt?: number | null;
  keys?: number[];
}

declare global {
  interface Window {
    __bench: PageRecord;
    /** The QR labels bench: when the PDF's download link was clicked. */
    __savedAt: number | null;
    /** The QR bench's single-thread baseline, built in the page. */
    __qrBaseline: (codes: string[]) => Promise<{ ms: number; bytes: number }>;
    /** The shop list bench: the first row's text before a click. */
    __before: string;
    /** The shell's own state: which role's pages it has warmed (the counter bench waits for it). */
    __PANEL__?: { warmedFor?: string };
  }
}
