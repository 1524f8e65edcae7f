import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { mediaUrl, MESSAGES, notify, panelStyles, type Shop, type ShopStatus } from '@panel/shared';
import {
  DeactivateDialog,
  EmptyState,
  ErrorState,
  Panel,
  Skeleton,
  formatDate,
  shopPagePath,
} from '@panel/shared/page-ui';
import { useShopStatusChange } from '@panel/shared/data';

import { useGetDashboardNewestShopsQuery } from '../api/get-newest-shops';
import styles from './dashboard.module.css';

/**
 * The two newest shops with Activate and Deactivate. Spec section 4: a change
 * is allowed only when the shop is not already in that state and nothing is
 * in flight (a change, or the reload that follows one); otherwise the
 * "already … / Still Loading" message shows. Such a button is marked
 * aria-disabled and looks it, but stays clickable so that message can be given.
 * Deactivate asks for a reason first (issue 32); a name leads to the shop's page.
 */
export function NewShopsPanel() {
  const { data: shops, error, isLoading, isFetching, refetch } = useGetDashboardNewestShopsQuery();
  const status = useShopStatusChange(isFetching);
  useEffect(() => {
    if (error) notify.error(MESSAGES.failedLastShops);
  }, [error]);

  let body;
  if (error) {
    body = <ErrorState title={MESSAGES.failedLastShops} error={error} onRetry={refetch} />;
  } else if (isLoading || !shops) {
    body = (
      <div aria-busy="true" style={{ display: 'grid', gap: 12 }}>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    );
  } else if (shops.length === 0) {
    body = (
      <EmptyState title="No shops yet">New shops show here as soon as they register.</EmptyState>
    );
  } else {
    body = (
      <ul className={styles.shops} aria-busy={isFetching}>
        {shops.map((shop) => (
          <ShopRow
            key={shop.id}
            shop={shop}
            busy={status.busy}
            onChange={(row, next) => void status.change(row, next)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Panel title="New Shops" subtitle="The latest registrations">
      {body}
      <DeactivateDialog
        shop={status.deactivating}
        busy={status.changing}
        onConfirm={(reason) => void status.confirmDeactivate(reason)}
        onClose={status.cancelDeactivate}
      />
    </Panel>
  );
}

function ShopRow({
  shop,
  busy,
  onChange,
}: {
  shop: Shop;
  busy: boolean;
  onChange: (shop: Shop, next: ShopStatus) => void;
}) {
  const logo = mediaUrl(shop.logo);
  const active = shop.status === 'active';
  return (
    <li className={styles.shop} aria-label={shop.name}>
      {logo ? (
        <img className={styles.shopLogo} src={logo} alt="" />
      ) : (
        <span className={styles.shopLogo} aria-hidden="true">
          {shop.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className={styles.shopInfo}>
        <p className={styles.shopName}>
          <Link className={panelStyles.link} to={shopPagePath(shop.id)}>
            {shop.name}
          </Link>
        </p>
        <p className={styles.shopMeta}>{shop.email}</p>
        <p className={styles.shopMeta}>Joined {formatDate(shop.created_date)}</p>
      </div>
      <span className={`${styles.badge} ${active ? styles.badgeActive : styles.badgeInactive}`}>
        {shop.status}
      </span>
      <div className={styles.shopActions}>
        <button
          type="button"
          className={panelStyles.button}
          aria-disabled={active || busy}
          onClick={() => onChange(shop, 'active')}
        >
          Activate
        </button>
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          aria-disabled={!active || busy}
          onClick={() => onChange(shop, 'inactive')}
        >
          Deactivate
        </button>
      </div>
    </li>
  );
}
