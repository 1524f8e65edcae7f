import { useEffect, useRef } from 'react';
import {
  type ApiError,
  describeError,
  EmptyState,
  ErrorState,
  mediaUrl,
  MESSAGES,
  notify,
  Panel,
  panelStyles,
  type Shop,
  type ShopStatus,
  Skeleton,
  useChangeShopStatusMutation,
} from '@panel/shared';

import { formatDate } from '../../../utils/format';
import { useGetDashboardNewestShopsQuery } from '../api/get-newest-shops';
import styles from './dashboard.module.css';

const TEXTS: Record<ShopStatus, { refused: string; done: string; failedPrefix: string }> = {
  active: {
    refused: MESSAGES.shopAlreadyActive,
    done: MESSAGES.shopActivated,
    failedPrefix: MESSAGES.shopActivationFailedPrefix,
  },
  inactive: {
    refused: MESSAGES.shopAlreadyInactive,
    done: MESSAGES.shopDeactivated,
    failedPrefix: MESSAGES.shopDeactivationFailedPrefix,
  },
};

/**
 * The two newest shops with Activate and Deactivate. Spec section 4: a change
 * is allowed only when the shop is not already in that state and nothing is
 * in flight (a change, or the reload that follows one); otherwise the
 * "already … / Still Loading" message shows. Such a button is marked
 * aria-disabled and looks it, but stays clickable so that message can be given.
 */
export function NewShopsPanel() {
  const { data: shops, error, isLoading, isFetching, refetch } = useGetDashboardNewestShopsQuery();
  const [changeStatus, { isLoading: changing }] = useChangeShopStatusMutation();
  const inFlight = useRef(false);
  useEffect(() => {
    if (error) notify.error(MESSAGES.failedLastShops);
  }, [error]);

  async function change(shop: Shop, next: ShopStatus) {
    const texts = TEXTS[next];
    if (shop.status === next || inFlight.current || changing || isFetching) {
      notify.info(texts.refused);
      return;
    }
    inFlight.current = true;
    try {
      await changeStatus({ shop: shop.id, new_status: next }).unwrap();
      notify.success(texts.done);
    } catch (failure) {
      notify.error(`${texts.failedPrefix}${describeError(failure as ApiError).text}`);
    } finally {
      inFlight.current = false;
    }
  }

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
          <ShopRow key={shop.id} shop={shop} busy={changing || isFetching} onChange={change} />
        ))}
      </ul>
    );
  }

  return (
    <Panel title="New Shops" subtitle="The latest registrations">
      {body}
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
        <p className={styles.shopName}>{shop.name}</p>
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
