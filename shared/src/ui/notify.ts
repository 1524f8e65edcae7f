import { createElement, type MouseEvent, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info';

// react-toastify is not on the login page's load path: it is fetched with the
// first toast, and the shell mounts its container once a toast is asked for
// (or after login). A toast asked for before the container is up is queued
// by react-toastify and shown when it mounts.
let wanted = false;
const listeners = new Set<() => void>();

/** For the shell's toast container: called once, when the first toast is asked for. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any toast has been asked for in this page. */
export const toastsWanted = (): boolean => wanted;

/** A link a toast offers after its text: a real address, opened in the app by `open`. */
export interface ToastLink {
  label: string;
  href: string;
  open: () => void;
}

/** The text in its own element (tests and users find it as is), then the link. */
function withLink(text: string, link: ToastLink): ReactNode {
  return createElement(
    'span',
    null,
    createElement('span', null, text),
    ' ',
    createElement(
      'a',
      {
        href: link.href,
        onClick: (event: MouseEvent) => {
          // A plain click stays in the app; a modified one opens a tab as links do.
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          link.open();
        },
      },
      link.label,
    ),
  );
}

function show(kind: Kind, text: ReactNode, options?: ToastOptions): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import(/* webpackChunkName: "lazy-toasts" */ 'react-toastify').then(({ toast }) =>
    toast[kind](text, options),
  );
}

/**
 * Toasts go through here so every app uses the one container the shell
 * mounts (react-toastify travels inside @panel/shared and the shell) with the
 * spec's options.
 */
export const notify = {
  success: (text: string, link?: ToastLink) => show('success', link ? withLink(text, link) : text),
  // The text is the toast's id: calls failing together (a page's parallel
  // loads, or every call of an ended session) say it once, not in a stack.
  error: (text: string) => show('error', text, { toastId: text }),
  info: (text: string) => show('info', text),
};
