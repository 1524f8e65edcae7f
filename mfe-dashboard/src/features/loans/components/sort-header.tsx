import type { LoanSort, WorklistQuery } from '../utils/worklist-query';
import styles from './loans.module.css';

interface SortHeaderProps {
  label: string;
  sort: LoanSort;
  query: WorklistQuery;
  onSort: (sort: LoanSort) => void;
}

/**
 * A column heading that sorts the work-list; aria-sort says which way. The
 * arrow is drawn by CSS from aria-sort, so the heading's text stays its label.
 */
export function SortHeader({ label, sort, query, onSort }: SortHeaderProps) {
  const sorted = query.sort === sort;
  const direction = query.order === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" aria-sort={sorted ? direction : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(sort)}>
        {label}
      </button>
    </th>
  );
}
