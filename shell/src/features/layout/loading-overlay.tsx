import { useLocation } from 'react-router-dom';
import { useOverlayVisible } from '@panel/shared';

import styles from './loading-overlay.module.css';

/**
 * The full-screen dimmed spinner (spec sections 2 and 9). On auth pages it
 * covers everything; elsewhere it leaves the side menu uncovered on wide screens.
 */
export function LoadingOverlay() {
  const visible = useOverlayVisible();
  const { pathname } = useLocation();
  if (!visible) return null;
  const onAuthPage = pathname.startsWith('/auth');
  return (
    <div
      className={onAuthPage ? styles.overlay : `${styles.overlay} ${styles.besideMenu}`}
      role="progressbar"
      aria-label="Loading"
      aria-busy="true"
      data-testid="loading-overlay"
    >
      <span className={styles.spinner} />
    </div>
  );
}
