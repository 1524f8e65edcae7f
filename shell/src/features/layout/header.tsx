import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, PATHS, mediaUrl, useGetShopInfoQuery, type Role } from '@panel/shared';

import { useLogout } from '../auth/use-logout';
import { MenuIcon, ProfileIcon } from './icons';
import styles from './header.module.css';

/** Greeting, the profile drawer (My Profile, Sign Out) and the small-screen menu icon. */
export function Header({ role, onOpenMenu }: { role: Role; onOpenMenu: () => void }) {
  const { data: account } = useGetShopInfoQuery();
  const [profileOpen, setProfileOpen] = useState(false);
  const logout = useLogout();
  const name = account?.name;
  const logo = mediaUrl(account?.logo);

  return (
    <header className={styles.header}>
      <button
        type="button"
        className={styles.menuButton}
        onClick={onOpenMenu}
        aria-label="Open menu"
      >
        <MenuIcon />
      </button>
      <p className={styles.greeting}>{MESSAGES.greeting(name)}</p>
      <button
        type="button"
        className={styles.profileButton}
        aria-label="Profile"
        aria-expanded={profileOpen}
        aria-controls="profile-drawer"
        onClick={() => setProfileOpen((open) => !open)}
      >
        {logo ? <img src={logo} alt="" className={styles.avatar} /> : <ProfileIcon />}
      </button>
      {profileOpen && (
        <div id="profile-drawer" className={styles.drawer} role="dialog" aria-label="Profile">
          <p className={styles.drawerName}>{name}</p>
          {/* Only a shop has a profile to edit; the super admin would meet a 404 there. */}
          {role === 'shop' && (
            <Link
              to={PATHS.profile}
              className={styles.drawerLink}
              onClick={() => setProfileOpen(false)}
            >
              {MESSAGES.myProfile}
            </Link>
          )}
          <Link
            to={PATHS.login}
            className={styles.drawerLink}
            onClick={(event) => {
              event.preventDefault();
              setProfileOpen(false);
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
