import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, PATHS, mediaUrl, type Role } from '@panel/shared';
import { useGetShopInfoQuery } from '@panel/shared/data';

import { useLogout } from '../auth/use-logout';
import { MenuIcon, ProfileIcon } from './icons';
import styles from './header.module.css';

interface HeaderProps {
  role: Role;
  onOpenMenu: () => void;
  /** The small-screen menu icon, where focus returns when the side menu closes. */
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * Opened, the profile drawer takes the focus; Escape or a click outside it
 * closes it and gives the focus back to the profile button (unless the click
 * itself put the focus somewhere).
 */
function useProfileDrawer() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (drawer.current?.contains(target) || button.current?.contains(target)) return;
      const focus = document.activeElement;
      close(focus === null || focus === document.body || !!drawer.current?.contains(focus));
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [open, close]);

  return { open, setOpen, close, button, drawer };
}

/** Greeting, the profile drawer (My Profile, Sign Out) and the small-screen menu icon. */
export function Header({ role, onOpenMenu, menuButtonRef }: HeaderProps) {
  const { data: account } = useGetShopInfoQuery();
  const profile = useProfileDrawer();
  const logout = useLogout();
  const name = account?.name;
  const logo = mediaUrl(account?.logo);

  return (
    <header className={styles.header}>
      <button
        ref={menuButtonRef}
        type="button"
        className={styles.menuButton}
        onClick={onOpenMenu}
        aria-label="Open menu"
      >
        <MenuIcon />
      </button>
      <p className={styles.greeting}>{MESSAGES.greeting(name)}</p>
      <button
        ref={profile.button}
        type="button"
        className={styles.profileButton}
        aria-label="Profile"
        aria-expanded={profile.open}
        aria-controls="profile-drawer"
        onClick={() => profile.setOpen((open) => !open)}
      >
        {logo ? <img src={logo} alt="" className={styles.avatar} /> : <ProfileIcon />}
      </button>
      {profile.open && (
        <div
          ref={profile.drawer}
          id="profile-drawer"
          className={styles.drawer}
          role="dialog"
          aria-label="Profile"
        >
          <p className={styles.drawerName}>{name}</p>
          {/* Only a shop has a profile to edit; the super admin would meet a 404 there. */}
          {role === 'shop' && (
            <Link
              to={PATHS.profile}
              className={styles.drawerLink}
              onClick={() => profile.close(false)}
            >
              {MESSAGES.myProfile}
            </Link>
          )}
          <Link
            to={PATHS.login}
            className={styles.drawerLink}
            onClick={(event) => {
              event.preventDefault();
              profile.close(false);
              logout();
            }}
          >
            {MESSAGES.signOut}
          </Link>
        </div>
      )}
    </header>
  );
}
