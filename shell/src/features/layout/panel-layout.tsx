import { useSession } from '@panel/shared';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';

import { AddRequestButton } from './add-request-button';
import { Header } from './header';
import { SideMenu } from './side-menu';
import styles from './panel-layout.module.css';

/** Everything outside /auth/: side menu, header, the routed page and the add button. */
export function PanelLayout() {
  const role = useSession().role;
  const [menuOpen, setMenuOpen] = useState(false);
  if (role === null) return null;
  return (
    <div className={styles.layout}>
      <SideMenu role={role} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className={styles.main}>
        <Header role={role} onOpenMenu={() => setMenuOpen(true)} />
        <main className={styles.content} id="main-content">
          <Outlet />
        </main>
      </div>
      {role === 'shop' && <AddRequestButton />}
    </div>
  );
}
