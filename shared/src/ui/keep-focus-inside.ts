import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'button:enabled, input:enabled, textarea:enabled, select:enabled';

/**
 * A modal <dialog>'s onKeyDown: Tab and Shift+Tab go round its enabled
 * controls. The page behind is inert, but browsers still let Tab leave the
 * last control for their own toolbar before it comes back.
 */
export function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
