import { useId } from 'react';
import { Link } from 'react-router-dom';
import { type ContainerTypes, panelStyles, type StockSummary } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { useGetShopSettingsQuery } from '@panel/shared/data';

import { requestShortfallsPath, stockShortfalls } from '../utils/stock-shortfall';
import styles from './dashboard.module.css';

const TEXT = PAGE_MESSAGES.stockAlert;

interface StockAlertProps {
  /** Undefined until the figures are in and the dashboard's loading delay is over. */
  stock: StockSummary | undefined;
  types: ContainerTypes | undefined;
}

/**
 * Says which types' free stock is below the minimums set in the profile and
 * links to a request for the missing containers. Nothing shows while the
 * figures load, when they fail (the stock panel already says so) or when
 * every type is at or above its minimum.
 */
export function StockAlert({ stock, types }: StockAlertProps) {
  const titleId = useId();
  const minimums = useGetShopSettingsQuery().data?.stock_minimums;
  if (!stock || !minimums) return null;
  const shortfalls = stockShortfalls(minimums, stock);
  if (shortfalls.length === 0) return null;

  return (
    <section className={styles.stockAlert} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.stockAlertTitle}>
        {TEXT.title}
      </h2>
      <p className={styles.stockAlertIntro}>{TEXT.intro}</p>
      <ul className={styles.stockAlertList}>
        {shortfalls.map(({ key, free, minimum }) => (
          <li key={key}>{TEXT.line(types?.[key] ?? key, free, minimum)}</li>
        ))}
      </ul>
      <Link className={panelStyles.button} to={requestShortfallsPath(shortfalls)}>
        {TEXT.request}
      </Link>
    </section>
  );
}
