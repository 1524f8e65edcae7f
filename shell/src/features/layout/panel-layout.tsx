import { LAYOUT, MESSAGES, useSession } from '@panel/shared';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet } from 'react-router-dom';

import { useLiveUpdates } from '../live-updates/use-live-updates';
import { AddRequestButton } from './add-request-button';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { useMediaQuery } from './use-media-query';
import styles from './panel-layout.module.css';

/** Everything outside /auth/: side menu, header, the routed page and the add button. */
export function PanelLayout() {
  const role = useSession().role;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuFixed = useMediaQuery(`(min-width: ${LAYOUT.fixedMenuMinWidthPx}px)`);
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useLiveUpdates();
  // Focus goes back to the menu icon, or it would fall to <body> when the drawer turns inert.
  // After the render that closed it: until then the icon is inert behind the drawer.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !menuOpen) menuButton.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);
  if (role === null) return null;
  // While the small-screen drawer is open it is modal: the page behind takes no focus.
  const behindDrawer = menuOpen && !menuFixed;
  // The page's own address is kept (no #main-content in it): the link moves
  // the focus, and with it the next Tab, to the start of the page's content.
  // <main> is focusable only for that moment: always focusable, it would take
  // the focus from every click on the page's empty parts.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = main.current;
    if (!target) return;
    target.tabIndex = -1;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
    target.focus();
  };
  return (
    <div className={styles.layout}>
      {/* First in the page, so one Tab and Enter pass the menu and the header. */}
      <a
        className={styles.skipLink}
        href="#main-content"
        inert={behindDrawer}
        onClick={skipToContent}
      >
        {MESSAGES.skipToContent}
      </a>
      <SideMenu role={role} open={menuOpen} fixed={menuFixed} onClose={closeMenu} />
      <div className={styles.main} inert={behindDrawer}>
        <Header role={role} onOpenMenu={() => setMenuOpen(true)} menuButtonRef={menuButton} />
        <main ref={main} className={styles.content} id="main-content">
          <Outlet />
          {/* Inside <main> (it floats, fixed): content outside every landmark is lost to screen-reader navigation. */}
          {role === 'shop' && <AddRequestButton />}
        </main>
      </div>
    </div>
  );
}
