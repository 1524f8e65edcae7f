import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { describeError, notify, panelStyles } from '@panel/shared';
import { loadingOtherPage, PAGE_SIZES } from '@panel/shared/data';
import {
  AUDIT_MESSAGES,
  ErrorState,
  PageHeader,
  Pager,
  Panel,
  Skeleton,
  csvFileName,
  downloadCsv,
} from '@panel/shared/page-ui';

import {
  useGetAuditEntriesQuery,
  useLazyGetAuditCsvQuery,
  type AuditFilter,
} from '../../../api/get-audit-entries';
import { AuditEntryList } from '../../../components/audit/audit-entry-list';
import { filterOf, pageOf, withFilter, withoutFilters } from '../utils/audit-filter';
import { AuditFilters } from './audit-filters';
import styles from './audit-page.module.css';
import { AUDIT_COUNT_CAP } from '@panel/shared/contract';

const TEXT = AUDIT_MESSAGES;
const PAGE_SIZE = PAGE_SIZES.audit;

/**
 * The super admin's audit log (issue 33): filters by actor, action, shop and
 * date range, kept in the address; entries newest first, paged; each opens
 * to its details; the CSV holds every entry the filters show.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterOf(params), [params]);
  const page = pageOf(params);
  const entries = useGetAuditEntriesQuery({
    filter,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const { data, error, isLoading, refetch } = entries;
  const [fetchCsv, csv] = useLazyGetAuditCsvQuery();

  const change = (key: keyof AuditFilter, value: string) =>
    setParams(withFilter(params, key, value), { replace: true });
  const toPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams);
  };
  const download = async () => {
    const result = await fetchCsv(filter);
    if (result.data !== undefined) downloadCsv(result.data, csvFileName('audit-log', new Date()));
    else notify.error(`${TEXT.downloadFailed}: ${describeError(result.error).text}`);
  };

  return (
    <div className={panelStyles.page}>
      <PageHeader title={TEXT.title} subtitle={TEXT.subtitle} />
      <Panel title={TEXT.filtersTitle}>
        <AuditFilters
          filter={filter}
          onChange={change}
          onClear={() => setParams(withoutFilters(params), { replace: true })}
        />
      </Panel>
      <Panel title={TEXT.listLabel}>
        <div className={styles.toolbar}>
          <button
            type="button"
            className={panelStyles.button}
            disabled={csv.isFetching || !data || data.total === 0}
            onClick={() => void download()}
          >
            {csv.isFetching ? TEXT.downloading : TEXT.downloadCsv}
          </button>
        </div>
        {error ? (
          <ErrorState title={TEXT.failed} error={error} onRetry={() => void refetch()} />
        ) : isLoading || !data ? (
          <div aria-busy="true">
            <Skeleton height={320} />
          </div>
        ) : data.items.length === 0 ? (
          <p className={styles.empty}>{TEXT.empty}</p>
        ) : (
          <AuditEntryList entries={data.items} label={TEXT.listLabel} busy={entries.isFetching} />
        )}
        {data && data.total > 0 ? (
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            noun={TEXT.noun}
            busy={loadingOtherPage(entries)}
            countCap={AUDIT_COUNT_CAP}
            onPage={toPage}
          />
        ) : null}
      </Panel>
    </div>
  );
}
