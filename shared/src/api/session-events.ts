/**
 * The API slice lives in @panel/shared and knows no router. When a call shows
 * the session is gone it clears storage and announces where to go; the shell
 * listens and navigates (and shows the toast).
 */
export type SessionEndReason = 'forbidden' | 'expired' | 'deactivated';

export const SESSION_END_EVENT = 'panel:session-end';

export interface SessionEndDetail {
  reason: SessionEndReason;
  redirectTo: string;
  /** What the user reads: describeError's text, or the API's own words for 'deactivated'. */
  text: string;
}

export function announceSessionEnd(detail: SessionEndDetail): void {
  window.dispatchEvent(new CustomEvent<SessionEndDetail>(SESSION_END_EVENT, { detail }));
}

export function onSessionEnd(listener: (detail: SessionEndDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SessionEndDetail>).detail);
  window.addEventListener(SESSION_END_EVENT, handler);
  return () => window.removeEventListener(SESSION_END_EVENT, handler);
}
