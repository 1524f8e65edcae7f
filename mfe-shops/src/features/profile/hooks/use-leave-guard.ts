import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

/**
 * While `active`, leaving asks first: a reload or a closed tab through the
 * browser's own prompt, and every navigation inside the panel (links, the
 * menu, navigate()) through a confirm. react-router's useBlocker would do
 * the latter but needs a data router, and the shell's is a plain
 * BrowserRouter; so the router's navigator is wrapped while the page holds
 * unsaved changes. The browser's Back and Forward are not held back.
 */
export function useLeaveGuard(active: boolean): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);

  useEffect(() => {
    if (!active) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    const { push, replace } = navigator;
    navigator.push = (...args: Parameters<typeof push>) => {
      if (window.confirm(PAGE_MESSAGES.followUp.leaveUnsaved)) push(...args);
    };
    navigator.replace = (...args: Parameters<typeof replace>) => {
      if (window.confirm(PAGE_MESSAGES.followUp.leaveUnsaved)) replace(...args);
    };
    return () => {
      window.removeEventListener('beforeunload', ask);
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [active, navigator]);
}
