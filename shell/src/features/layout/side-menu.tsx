import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { DELAYS_MS, MENU_TITLES, MESSAGES, panelStyles, type Role } from '@panel/shared';

import { useGetShellPendingCountQuery } from './api/get-pending-count';
import { useLogout } from '../auth/use-logout';
import { MENUS, type MenuGroup, type MenuLink } from './menu-items';
import { useStaggeredReveal } from './use-staggered-reveal';
import styles from './side-menu.module.css';

interface SideMenuProps {
  role: Role;
  open: boolean;
  /** True on wide screens, where the menu is always shown beside the page. */
  fixed?: boolean;
  onClose: () => void;
}

/** NavLink ignores the query string; the request tabs differ only by ?page=. */
function useIsCurrent() {
  const location = useLocation();
  return (to: string) => {
    const [path, query] = to.split('?');
    if (location.pathname.replace(/\/$/, '') !== path) return false;
    return query === undefined || location.search === `?${query}`;
  };
}

function MenuItem({
  item,
  onChoose,
  hidden = false,
}: {
  item: MenuLink;
  onChoose: () => void;
  hidden?: boolean;
}) {
  const isCurrent = useIsCurrent();
  const current = isCurrent(item.to);
  return (
    <li className={styles.item} hidden={hidden}>
      <NavLink
        to={item.to}
        className={current ? `${styles.link} ${styles.active}` : styles.link}
        aria-current={current ? 'page' : undefined}
        onClick={onChoose}
      >
        <span className={styles.icon} aria-hidden="true">
          {item.icon}
        </span>
        {item.label}
      </NavLink>
    </li>
  );
}

/**
 * The super admin's count of requests waiting for a decision; the text reads
 * "3 pending". No polling: a new or decided request's live event makes the
 * count's 'Request' tag stale, and it is read again (live-updates.ts).
 */
function PendingBadge() {
  const { data: count } = useGetShellPendingCountQuery();
  if (!count) return null;
  // The icon has room for three digits; assistive tech hears the whole number.
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 999 ? '999+' : count}</span>
      <span className={panelStyles.srOnly}> {MESSAGES.pendingBadge(count)}</span>
    </span>
  );
}

function MenuGroupItem({
  group,
  onChoose,
  showPending,
}: {
  group: MenuGroup;
  onChoose: () => void;
  showPending: boolean;
}) {
  const isCurrent = useIsCurrent();
  const [open, setOpen] = useState(() => group.items.some((item) => isCurrent(item.to)));
  const shown = useStaggeredReveal(open, group.items.length, DELAYS_MS.menuRevealStep);
  const listId = 'menu-group-requests';
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={styles.groupToggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.icon} aria-hidden="true">
          {group.icon}
        </span>
        {group.label}
        {showPending ? <PendingBadge /> : null}
        <span
          className={open ? `${styles.arrow} ${styles.arrowOpen}` : styles.arrow}
          aria-hidden="true"
        >
          ▾
        </span>
      </button>
      <ul id={listId} className={styles.subList} hidden={!open}>
        {group.items.map((item, index) => (
          <MenuItem key={item.to} item={item} onChoose={onChoose} hidden={index >= shown} />
        ))}
      </ul>
    </li>
  );
}

/**
 * Fixed 250 px drawer on wide screens; off-screen on small ones, opened by
 * the header's menu icon and closed by the plus-shaped control, by choosing
 * any item, by Escape or by a click beside it. Off-screen it is inert, so
 * Tab never lands on links nobody can see; opened, it takes the focus.
 */
export function SideMenu({ role, open, fixed = false, onClose }: SideMenuProps) {
  const logout = useLogout();
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawer = !fixed;

  useEffect(() => {
    if (!open || !drawer) return undefined;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, drawer, onClose]);

  return (
    <>
      <div
        className={open ? styles.scrimOpen : styles.scrim}
        onClick={onClose}
        aria-hidden="true"
      />
      <nav
        className={open ? `${styles.drawer} ${styles.drawerOpen}` : styles.drawer}
        aria-labelledby="side-menu-title"
        inert={drawer && !open}
      >
        <div className={styles.head}>
          <span className={styles.brand} aria-hidden="true">
            ♻
          </span>
          <h2 id="side-menu-title" className={styles.title}>
            {MENU_TITLES[role]}
          </h2>
          <button
            ref={closeButton}
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label="Close menu"
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <ul className={styles.list}>
          {MENUS[role].map((entry) =>
            entry.kind === 'group' ? (
              <MenuGroupItem
                key={entry.label}
                group={entry}
                onChoose={onClose}
                showPending={role === 'provider'}
              />
            ) : (
              <MenuItem key={entry.to} item={entry} onChoose={onClose} />
            ),
          )}
          <li className={styles.item}>
            <button
              type="button"
              className={styles.logout}
              onClick={() => {
                onClose();
                logout();
              }}
            >
              <span className={styles.icon} aria-hidden="true">
                ⎋
              </span>
              {MESSAGES.menuLogout}
            </button>
          </li>
        </ul>
      </nav>
    </>
  );
}
