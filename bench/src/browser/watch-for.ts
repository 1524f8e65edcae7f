// The watcher the load-time benchmarks put in a page from its first script,
// in Playwright (bench/src/weight/measure-weight.ts) and in bare Chromium
// (bench/src/browser/bare-chromium.ts) alike. The page reports rather than Node
// polling it: a poll (Playwright's waitForFunction) injects Playwright's
// utility script, about 10 ms of the page's main thread, into the middle of
// the load it times.

/** The page binding the watcher reports through; both drivers add it under this name. */
export const REPORT_BINDING = '__reportSeen';

const SEEN_TIMEOUT_MS = 30_000;

/**
 * In Node, for either driver: the watcher's next report, as `seenAt` (ms
 * from the navigation's start) and `seenWall` (ms since the epoch).
 * `listen(deliver)` hands `deliver` the next payload the binding receives;
 * `where()` names the page for the error when nothing is seen in 30 s.
 */
export interface Seen {
  seenAt: number;
  seenWall: number;
}

declare global {
  interface Window {
    __watchFor: (target: string) => void;
    __reportSeen: (payload: string) => void;
  }
}

export function nextReport(
  listen: (deliver: (payload: string) => void) => void,
  where: () => string,
): Promise<Seen> {
  const seen = new Promise<Seen>((resolve) => {
    listen((payload) => {
      const { seenAt, timeOrigin } = JSON.parse(payload) as { seenAt: number; timeOrigin: number };
      resolve({ seenAt, seenWall: timeOrigin + seenAt });
    });
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`not seen within ${SEEN_TIMEOUT_MS / 1000} s on ${where()}`)),
      SEEN_TIMEOUT_MS,
    );
  });
  return Promise.race([seen, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs in the page: reports once, when `selector` first matches, one JSON
 * string (a DevTools binding takes a single string) with performance.now()
 * and the page's timeOrigin. Kept on the page as `window.__watchFor` for a
 * later watch (the dashboard's figures after the login click). The binding's
 * name is written out: the function is sent to the page as source.
 */
export function watchFor(selector: string): void {
  window.__watchFor = (target) => {
    const check = () => {
      if (!document.querySelector(target)) return;
      observer.disconnect();
      window.__reportSeen(
        JSON.stringify({ seenAt: performance.now(), timeOrigin: performance.timeOrigin }),
      );
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
    check();
  };
  window.__watchFor(selector);
}
