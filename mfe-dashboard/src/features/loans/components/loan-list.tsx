import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ContainerTypes, type Loan, MESSAGES, notify, panelStyles } from '@panel/shared';
import {
  EmptyState,
  ErrorState,
  PageHeader,
  Pager,
  Skeleton,
  useErrorToast,
  PAGE_MESSAGES,
  formatDate,
} from '@panel/shared/page-ui';
import { loadingOtherPage, PAGE_SIZES, useGetShopInfoQuery } from '@panel/shared/data';

import { useGetDashboardWeeklyLoansQuery } from '../../../api/get-weekly-loans';
import { formatMoney } from '../../../utils/format';
import { useGetDashboardLoanSummaryQuery } from '../../../api/get-loan-summary';
import { useExportLoans } from '../hooks/use-export-loans';
import { useLoanPage, type ListKind } from '../hooks/use-loan-page';
import { guaranteeTotal, loanIcon, returnIcon } from '../utils/deadline-icon';
import { containersSummary } from '../utils/loan-containers';
import {
  apiParams,
  DEFAULT_QUERY,
  nextSort,
  readWorklistQuery,
  worklistParams,
  type LoanFilter,
  type LoanSort,
  type WorklistQuery,
} from '../utils/worklist-query';
import { LoanActions } from './loan-actions';
import styles from './loans.module.css';
import { LostDialog } from './lost-dialog';
import { SortHeader } from './sort-header';
import { StatusIcon } from './status-icon';
import { WorklistFigures } from './worklist-figures';
import { WorklistToolbar } from './worklist-toolbar';

const PAGE_SIZE = PAGE_SIZES.loans;

const TEXT = PAGE_MESSAGES.loanWorklist;

const COPY: Record<
  ListKind,
  { title: string; noun: string; subtitle: (shop: string) => string; emptyHint: string }
> = {
  loans: {
    title: 'Loans',
    noun: 'loans',
    subtitle: (shop) => `Containers ${shop} has lent and not yet got back`,
    emptyHint: 'Loans show here as soon as you lend containers to a client.',
  },
  returns: {
    title: 'Returns',
    noun: 'returns',
    subtitle: (shop) => `Loans of ${shop} whose containers all came back`,
    emptyHint: 'Loans move here once a client has brought every container back.',
  },
};

function pageFrom(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The client's name with the phone and e-mail to reach them, when the loan has them. */
function ClientCell({ loan }: { loan: Loan }) {
  return (
    <span className={styles.client}>
      <span>{loan.client || loan.shop?.name || '—'}</span>
      {loan.client_phone ? (
        <a className={styles.contact} href={`tel:${loan.client_phone.replace(/\s/g, '')}`}>
          {loan.client_phone}
        </a>
      ) : null}
      {loan.client_email ? (
        <a className={styles.contact} href={`mailto:${loan.client_email}`}>
          {loan.client_email}
        </a>
      ) : null}
    </span>
  );
}

interface RowProps {
  loan: Loan;
  kind: ListKind;
  types: ContainerTypes | undefined;
  now: Date;
  onLost: (loan: Loan) => void;
}

function LoanRow({ loan, kind, types, now, onLost }: RowProps) {
  const icon = kind === 'returns' ? returnIcon() : loanIcon(loan.due_date, now);
  return (
    <tr>
      <th scope="row" data-label="Name">
        <ClientCell loan={loan} />
      </th>
      <td data-label="Date">{formatDate(loan.given_date)}</td>
      <td data-label="Guarantee" className={styles.number}>
        {/* An open loan holds the guarantee of what is still out; a return, what was paid. */}
        {formatMoney(kind === 'loans' ? loan.held_amount : guaranteeTotal(loan))}
      </td>
      <td data-label="Containers">
        <span>
          <span className={styles.count}>{loan.containers.length}</span>
          <span className={styles.types}>{containersSummary(loan, types)}</span>
        </span>
      </td>
      <td data-label="Dead line">{loan.due_date ? formatDate(loan.due_date) : 'No deadline'}</td>
      <td data-label={TEXT.statusHeader} className={styles.statusCell}>
        {icon ? (
          <StatusIcon
            kind={icon}
            detail={
              icon === 'returned' && loan.returned_date
                ? `on ${formatDate(loan.returned_date)}`
                : undefined
            }
          />
        ) : null}
      </td>
      {kind === 'loans' ? (
        <td data-label={TEXT.actionsHeader}>
          <LoanActions loan={loan} overdue={icon === 'overdue'} onLost={onLost} />
        </td>
      ) : null}
    </tr>
  );
}

/**
 * The Loans and Returns lists (spec section 2). 'Name' is the client: the
 * lists only ever hold the logged shop's own loans, so loan.shop.name would
 * repeat the same name on every row; the shop's name is said once in the
 * subtitle instead, and a row without a client falls back to the shop name
 * (which may be null on returns, hence the optional chaining). The Loans list
 * is also the shop's work-list (issue 31): filters, search, sorting, the
 * figures above it, row actions and the CSV export, its view kept in the
 * address.
 */
export function LoanList({ kind }: { kind: ListKind }) {
  const copy = COPY[kind];
  const worklist = kind === 'loans';
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const query = worklist ? readWorklistQuery(params) : DEFAULT_QUERY;
  const loanPage = useLoanPage(
    kind,
    { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    apiParams(query),
  );
  const { data, error, isLoading, isFetching, refetch } = loanPage;
  const summary = useGetDashboardLoanSummaryQuery(undefined, { skip: !worklist }).data;
  const types = useGetDashboardWeeklyLoansQuery().data?.type;
  const shopName = useGetShopInfoQuery().data?.name;
  const { exportLoans, exporting } = useExportLoans();
  const [lostLoan, setLostLoan] = useState<Loan | null>(null);
  const closeLost = useCallback(() => setLostLoan(null), []);
  useErrorToast(error, MESSAGES.loadFailedPrefix);

  const show = (next: WorklistQuery, nextPage = 1) => setParams(worklistParams(next, nextPage));
  const goTo = (next: number) => show(query, next);
  // Kept the same between renders: the search box asks again only when this changes.
  const search = params.toString();
  const onSearch = useCallback(
    (text: string) =>
      setParams(
        worklistParams({ ...readWorklistQuery(new URLSearchParams(search)), search: text }, 1),
      ),
    [search, setParams],
  );
  const now = new Date();
  const filtered = worklist && (query.filter !== 'all' || query.search.trim() !== '');

  let body;
  if (error) {
    body = (
      <ErrorState
        title={`Could not load your ${copy.noun}`}
        error={error}
        onRetry={() => void refetch()}
      />
    );
  } else if (isLoading || !data) {
    body = (
      <div className={styles.skeletonRows} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={40} />
        ))}
      </div>
    );
  } else if (data.items.length === 0 && page > 1) {
    body = (
      <EmptyState title={MESSAGES.nothingToShow}>
        This page is past the end of the list.{' '}
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          onClick={() => goTo(1)}
        >
          Go to the first page
        </button>
      </EmptyState>
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState title={MESSAGES.nothingToShow}>
        {filtered ? TEXT.noMatch : copy.emptyHint}
      </EmptyState>
    );
  } else {
    const sortable = (label: string, sort: LoanSort) =>
      worklist ? (
        <SortHeader
          label={label}
          sort={sort}
          query={query}
          onSort={(s) => show(nextSort(query, s))}
        />
      ) : (
        <th scope="col">{label}</th>
      );
    body = (
      <>
        <div className={styles.tableWrap} aria-busy={isFetching}>
          <table className={`${styles.table} ${isFetching ? styles.stale : ''}`}>
            <caption className={panelStyles.srOnly}>{copy.title}</caption>
            <thead>
              <tr>
                {sortable('Name', 'client')}
                {sortable('Date', 'given')}
                <th scope="col">Guarantee</th>
                <th scope="col">Containers</th>
                {sortable('Dead line', 'due')}
                <th scope="col">{TEXT.statusHeader}</th>
                {worklist ? <th scope="col">{TEXT.actionsHeader}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.items.map((loan) => (
                <LoanRow
                  key={loan.id}
                  loan={loan}
                  kind={kind}
                  types={types}
                  now={now}
                  onLost={setLostLoan}
                />
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          noun={copy.noun}
          busy={loadingOtherPage(loanPage)}
          onPage={goTo}
        />
      </>
    );
  }

  return (
    <div className={panelStyles.page}>
      <PageHeader title={copy.title} subtitle={copy.subtitle(shopName ?? 'your shop')} />
      {worklist && summary ? <WorklistFigures summary={summary} /> : null}
      <section className={panelStyles.panel} aria-label={copy.title}>
        {worklist ? (
          <WorklistToolbar
            query={query}
            summary={summary}
            onFilter={(filter: LoanFilter) => show({ ...query, filter })}
            onSearch={onSearch}
            exporting={exporting}
            onExport={() =>
              void exportLoans(query, types).catch(() => notify.error(TEXT.exportFailed))
            }
          />
        ) : null}
        {body}
      </section>
      {worklist ? <LostDialog loan={lostLoan} types={types} onClose={closeLost} /> : null}
    </div>
  );
}
