import { useSearchParams } from 'react-router-dom';
import { type ContainerTypes, formatDate, type Loan, MESSAGES, panelStyles } from '@panel/shared';
import {
  EmptyState,
  ErrorState,
  PageHeader,
  Pager,
  Skeleton,
  useErrorToast,
} from '@panel/shared/page-ui';
import { useGetShopInfoQuery } from '@panel/shared/data';

import { useGetDashboardWeeklyLoansQuery } from '../../../api/get-weekly-loans';
import { formatMoney } from '../../../utils/format';
import { useLoanPage, type ListKind } from '../hooks/use-loan-page';
import { guaranteeTotal, loanIcon, returnIcon } from '../utils/deadline-icon';
import styles from './loans.module.css';
import { StatusIcon } from './status-icon';

/** Rows per page: the API is paged, so even 50,000 loans render only this many rows. */
export const PAGE_SIZE = 25;

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

function containersSummary(loan: Loan, types: ContainerTypes | undefined): string {
  const counts = new Map<string, number>();
  for (const c of loan.containers)
    counts.set(c.container_type, (counts.get(c.container_type) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${n}× ${types?.[key] ?? key}`).join(', ');
}

/**
 * The Loans and Returns lists (spec section 2). 'Name' is the client: the
 * lists only ever hold the logged shop's own loans, so loan.shop.name would
 * repeat the same name on every row; the shop's name is said once in the
 * subtitle instead, and a row without a client falls back to the shop name
 * (which may be null on returns, hence the optional chaining).
 */
export function LoanList({ kind }: { kind: ListKind }) {
  const copy = COPY[kind];
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { data, error, isLoading, isFetching, refetch } = useLoanPage(kind, {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const types = useGetDashboardWeeklyLoansQuery().data?.type;
  const shopName = useGetShopInfoQuery().data?.name;
  useErrorToast(error, MESSAGES.loadFailedPrefix);

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
  };
  const now = new Date();

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
    body = <EmptyState title={MESSAGES.nothingToShow}>{copy.emptyHint}</EmptyState>;
  } else {
    body = (
      <>
        <div className={styles.tableWrap} aria-busy={isFetching}>
          <table className={`${styles.table} ${isFetching ? styles.stale : ''}`}>
            <caption className={panelStyles.srOnly}>{copy.title}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Date</th>
                <th scope="col">Guarantee</th>
                <th scope="col">Containers</th>
                <th scope="col">Dead line</th>
                <th scope="col">
                  <span className={panelStyles.srOnly}>Status</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((loan) => {
                const icon = kind === 'returns' ? returnIcon() : loanIcon(loan.due_date, now);
                return (
                  <tr key={loan.id}>
                    <th scope="row" data-label="Name">
                      {loan.client || loan.shop?.name || '—'}
                    </th>
                    <td data-label="Date">{formatDate(loan.given_date)}</td>
                    <td data-label="Guarantee" className={styles.number}>
                      {formatMoney(guaranteeTotal(loan))}
                    </td>
                    <td data-label="Containers">
                      <span>
                        <span className={styles.count}>{loan.containers.length}</span>
                        <span className={styles.types}>{containersSummary(loan, types)}</span>
                      </span>
                    </td>
                    <td data-label="Dead line">
                      {loan.due_date ? formatDate(loan.due_date) : 'No deadline'}
                    </td>
                    <td data-label="Status" className={styles.statusCell}>
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
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          noun={copy.noun}
          busy={isFetching}
          onPage={goTo}
        />
      </>
    );
  }

  return (
    <div className={panelStyles.page}>
      <PageHeader title={copy.title} subtitle={copy.subtitle(shopName ?? 'your shop')} />
      <section className={panelStyles.panel} aria-label={copy.title}>
        {body}
      </section>
    </div>
  );
}
