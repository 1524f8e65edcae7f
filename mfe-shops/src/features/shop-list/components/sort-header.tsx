import type { SortKey, SortOrder } from '../utils/shop-table';
import styles from './shop-list.module.css';

interface SortHeaderProps {
  label: string;
  sortKey: SortKey;
  order: SortOrder;
  onSort: (key: SortKey) => void;
}

/** A column heading that sorts the table; aria-sort tells assistive tech which way. */
export function SortHeader({ label, sortKey, order, onSort }: SortHeaderProps) {
  const sorted = order.key === sortKey;
  return (
    <th scope="col" aria-sort={sorted ? order.direction : undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(sortKey)}>
        {label}
        <span className={styles.sortMark} aria-hidden="true">
          {sorted ? (order.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
