/**
 * Login, logout and a session ended by the API announce that the stored
 * session changed, so `useSession` reads storage once per change instead of
 * during every render.
 */
export const SESSION_CHANGED_EVENT = 'panel:session-changed';

export function announceSessionChanged(): void {
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}
