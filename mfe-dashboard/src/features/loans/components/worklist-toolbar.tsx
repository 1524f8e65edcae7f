import { useEffect, useId, useState } from 'react';
import { DELAYS_MS, panelStyles } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import type { LoanSummary } from '../../../api/get-loan-summary';
import { formatNumber } from '../../../utils/format';
import { LOAN_FILTERS, type LoanFilter, type WorklistQuery } from '../utils/worklist-query';
import styles from './loans.module.css';

const TEXT = PAGE_MESSAGES.loanWorklist;

const COUNT_OF: Record<LoanFilter, keyof LoanSummary> = {
  all: 'open',
  overdue: 'overdue',
  due_soon: 'due_soon',
  no_due_date: 'no_due_date',
};

interface WorklistToolbarProps {
  query: WorklistQuery;
  summary: LoanSummary | undefined;
  onFilter: (filter: LoanFilter) => void;
  onSearch: (search: string) => void;
  onExport: () => void;
  exporting: boolean;
}

/** The filter chips with their counts, the search box (asked after a pause in typing) and Export CSV. */
export function WorklistToolbar({
  query,
  summary,
  onFilter,
  onSearch,
  onExport,
  exporting,
}: WorklistToolbarProps) {
  const searchId = useId();
  const [text, setText] = useState(query.search);

  // Back or a link changes the search in the address: the box follows.
  useEffect(() => setText(query.search), [query.search]);

  useEffect(() => {
    if (text.trim() === query.search.trim()) return undefined;
    const timer = setTimeout(() => onSearch(text), DELAYS_MS.loanSearchDebounce);
    return () => clearTimeout(timer);
  }, [text, query.search, onSearch]);

  return (
    <div className={styles.toolbar}>
      <div role="group" aria-label={TEXT.filtersLabel} className={styles.chips}>
        {LOAN_FILTERS.map((filter) => {
          const count = summary?.[COUNT_OF[filter]];
          return (
            <button
              key={filter}
              type="button"
              className={styles.chip}
              aria-pressed={query.filter === filter}
              onClick={() => onFilter(filter)}
            >
              {TEXT.filters[filter]}
              {typeof count === 'number' ? (
                <span className={styles.chipCount}>{formatNumber(count)}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div className={styles.toolbarEnd}>
        <label htmlFor={searchId} className={panelStyles.srOnly}>
          {TEXT.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={TEXT.searchPlaceholder}
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          disabled={exporting}
          aria-busy={exporting}
          onClick={onExport}
        >
          {TEXT.exportCsv}
        </button>
      </div>
    </div>
  );
}
