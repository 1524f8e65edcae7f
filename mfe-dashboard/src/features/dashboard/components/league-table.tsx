import { Link } from 'react-router-dom';
import { panelStyles } from '@panel/shared';
import {
  Panel,
  QueryView,
  SHOP_ADMIN_MESSAGES,
  formatRate,
  shopPagePath,
} from '@panel/shared/page-ui';

import { useGetShopLeagueQuery, type LeagueShop } from '../api/get-shop-league';
import styles from './league-table.module.css';

const TEXT = SHOP_ADMIN_MESSAGES;

/**
 * Shops to watch (issue 32): the five with the most overdue loans and the
 * five with the lowest 4-week return rate, each leading to its page.
 */
export function LeagueTable() {
  const { data, error, refetch } = useGetShopLeagueQuery();
  return (
    <Panel title={TEXT.leagueTitle} subtitle={TEXT.leagueSubtitle}>
      <QueryView
        data={data}
        error={error}
        errorTitle={TEXT.leagueFailed}
        onRetry={refetch}
        skeletonHeight={200}
      >
        {(league) => (
          <div className={styles.columns}>
            <Ranking
              title={TEXT.leagueOverdue}
              empty={TEXT.leagueNoOverdue}
              shops={league.most_overdue}
              figure={(shop) => `${shop.overdue} overdue`}
            />
            <Ranking
              title={TEXT.leagueReturnRate}
              empty={TEXT.leagueNoRate}
              shops={league.lowest_return_rate}
              figure={(shop) => `${formatRate(shop.return_rate_4w)} of ${shop.fell_due_4w}`}
            />
          </div>
        )}
      </QueryView>
    </Panel>
  );
}

function Ranking({
  title,
  empty,
  shops,
  figure,
}: {
  title: string;
  empty: string;
  shops: LeagueShop[];
  figure: (shop: LeagueShop) => string;
}) {
  return (
    <div>
      <h3 className={styles.heading}>{title}</h3>
      {shops.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ol className={styles.list} aria-label={title}>
          {shops.map((shop) => (
            <li key={shop.id} className={styles.row}>
              <Link className={`${panelStyles.link} ${styles.name}`} to={shopPagePath(shop.id)}>
                {shop.name}
              </Link>
              <span className={styles.figure}>{figure(shop)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
