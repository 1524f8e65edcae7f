import { Link } from 'react-router-dom';
import { requestsPath, type RequestsPage } from '@panel/shared';

import type { RequestTab } from '../utils/tabs';
import styles from './requests.module.css';

/**
 * The tabs are links (each is its own ?page= address, so the back button and
 * the side menu agree with them); the current one is marked for assistive tech.
 */
export function RequestTabs({
  tabs,
  current,
}: {
  tabs: readonly RequestTab[];
  current: RequestsPage;
}) {
  return (
    <nav aria-label="Request tabs">
      <div className={styles.tabs}>
        {tabs.map((tab) => {
          const active = tab.page === current;
          return (
            <Link
              key={tab.page}
              to={requestsPath(tab.page)}
              className={active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              aria-current={active ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
