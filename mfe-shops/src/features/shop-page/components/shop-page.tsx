import { Link, useParams } from 'react-router-dom';
import { MAP, NotFoundPage, PATHS, panelStyles, type ContainerRequest } from '@panel/shared';
import {
  ErrorState,
  PageHeader,
  Panel,
  Skeleton,
  SHOP_ADMIN_MESSAGES,
  formatDate,
  formatDateTime,
  formatRate,
} from '@panel/shared/page-ui';

import { LazyMap } from '../../../components/map/lazy-map';
import { shopLocation } from '../../../components/map/lat-lng';
import { useGetShopOverviewQuery, type ShopOverview } from '../api/get-shop-overview';
import { ShopAuditPanel } from './shop-audit-panel';
import styles from './shop-page.module.css';

const TEXT = SHOP_ADMIN_MESSAGES;
const MAP_HEIGHT_PX = 240;
const AGEING = ['1-7', '8-14', '15-30', '31+'] as const;

/** A positive whole number from the address, or null (the 404 page). */
function idOf(text: string | undefined): number | null {
  return text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * The super admin's page of one shop (issue 32): profile and map, stock
 * per type, loans with the ageing of the overdue ones, return rate,
 * requests with their decisions, containers lost and the status history,
 * all from one call.
 */
export function ShopPage() {
  const id = idOf(useParams().id);
  const { data, error, isLoading, refetch } = useGetShopOverviewQuery(id ?? 0, {
    skip: id === null,
  });
  if (id === null) return <NotFoundPage />;
  return (
    <div className={panelStyles.page}>
      <PageHeader title={data?.shop.name ?? `Shop ${id}`} subtitle={TEXT.pageSubtitle} />
      <p className={styles.back}>
        <Link className={panelStyles.link} to={PATHS.shop}>
          ← {TEXT.backToList}
        </Link>
      </p>
      {error ? (
        <ErrorState title={TEXT.failed} error={error} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <div className={styles.grid} aria-busy="true">
          <Skeleton height={240} />
          <Skeleton height={240} />
        </div>
      ) : (
        <Overview data={data} />
      )}
    </div>
  );
}

function Overview({ data }: { data: ShopOverview }) {
  const { shop, loans, return_rate: rate } = data;
  const location = shopLocation(shop);
  const types = Object.entries(data.types);
  const lost = types.filter(([key]) => (data.stock.lost[key] ?? 0) > 0);
  return (
    <div className={styles.grid}>
      <Panel title={TEXT.profileTitle}>
        <dl className={styles.facts}>
          <Fact term="E-mail" value={shop.email} />
          <Fact term="Phone" value={shop.phone} />
          <Fact term="Joined" value={formatDate(shop.created_date)} />
          <Fact term="Status" value={shop.status} />
          <Fact term="ID" value={String(shop.id)} />
        </dl>
        {location ? (
          <LazyMap
            centre={location}
            zoom={MAP.popupZoom}
            marker={location}
            label={`Map of ${shop.name}'s location`}
            height={MAP_HEIGHT_PX}
          />
        ) : (
          <p className={styles.muted}>{TEXT.noLocation}</p>
        )}
      </Panel>

      <Panel title={TEXT.stockTitle}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">{TEXT.stockInShop}</th>
              <th scope="col">{TEXT.stockOnLoan}</th>
              <th scope="col">{TEXT.stockLost}</th>
            </tr>
          </thead>
          <tbody>
            {types.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{data.stock.in_stock[key] ?? 0}</td>
                <td>{data.stock.on_loan[key] ?? 0}</td>
                <td>{data.stock.lost[key] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>

      <Panel title={TEXT.loansTitle}>
        <dl className={styles.figures}>
          <Fact term={TEXT.openLoans} value={String(loans.open)} />
          <Fact term={TEXT.overdueLoans} value={String(loans.overdue)} />
          <Fact term={TEXT.dueSoon} value={String(loans.due_soon)} />
        </dl>
        <h3 className={styles.subheading}>{TEXT.ageingTitle}</h3>
        <dl className={styles.figures} aria-label={TEXT.ageingTitle}>
          {AGEING.map((bucket) => (
            <Fact key={bucket} term={`${bucket} days`} value={String(loans.ageing[bucket])} />
          ))}
        </dl>
      </Panel>

      <Panel title={TEXT.returnRateTitle}>
        <dl className={styles.figures}>
          <RateFact term={TEXT.last4Weeks} window={rate.last_4_weeks} />
          <RateFact term={TEXT.last12Weeks} window={rate.last_12_weeks} />
        </dl>
      </Panel>

      <Panel title={TEXT.lostTitle}>
        {lost.length === 0 ? (
          <p className={styles.muted}>{TEXT.noneLost}</p>
        ) : (
          <dl className={styles.facts} aria-label={TEXT.lostTitle}>
            {lost.map(([key, label]) => (
              <Fact key={key} term={label} value={String(data.stock.lost[key])} />
            ))}
          </dl>
        )}
      </Panel>

      <Panel title={TEXT.historyTitle}>
        {data.status_history.length === 0 ? (
          <p className={styles.muted}>{TEXT.noHistory}</p>
        ) : (
          <ol className={styles.list} aria-label={TEXT.historyTitle}>
            {data.status_history.map((change) => (
              <li key={change.changed_at + change.status}>
                <strong>{change.status}</strong> · {formatDateTime(change.changed_at)} ·{' '}
                {change.reason ?? <span className={styles.muted}>{TEXT.noReason}</span>}
              </li>
            ))}
          </ol>
        )}
      </Panel>

      <Panel
        className={styles.wide}
        title={TEXT.requestsTitle}
        subtitle={TEXT.requestsShown(data.requests.length, data.requests_total)}
      >
        {data.requests.length === 0 ? (
          <p className={styles.muted}>{TEXT.noRequests}</p>
        ) : (
          <ol className={styles.list} aria-label={TEXT.requestsTitle}>
            {data.requests.map((request) => (
              <RequestLine key={request.id} request={request} types={data.types} />
            ))}
          </ol>
        )}
      </Panel>

      <ShopAuditPanel shopId={shop.id} />
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function RateFact({
  term,
  window,
}: {
  term: string;
  window: ShopOverview['return_rate']['last_4_weeks'];
}) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>
        {formatRate(window.rate)}
        <span className={styles.detail}>
          {window.fell_due === 0
            ? TEXT.noneFellDue
            : TEXT.rateDetail(window.on_time, window.fell_due)}
        </span>
      </dd>
    </div>
  );
}

function RequestLine({
  request,
  types,
}: {
  request: ContainerRequest;
  types: Record<string, string>;
}) {
  const lines = request.items
    .map((item) => {
      const label = types[item.container_type] ?? item.container_type;
      const approved =
        item.approved !== null && item.approved !== item.quantity
          ? ` (${item.approved} approved)`
          : '';
      return `${item.quantity} × ${label}${approved}`;
    })
    .join(', ');
  const dates: Array<[string, string | null]> = [
    [TEXT.requested, request.request_date],
    [TEXT.decided, request.decided_at],
    [TEXT.sent, request.sent_at],
    [TEXT.received, request.received_at],
  ];
  return (
    <li className={styles.request} aria-label={`Request ${request.id}`}>
      <span className={styles.requestHead}>
        <strong>#{request.id}</strong> <span className={styles.status}>{request.status}</span>{' '}
        {lines}
      </span>
      <span className={styles.detail}>
        {dates
          .filter((entry): entry is [string, string] => entry[1] !== null)
          .map(([term, at]) => `${term} ${formatDate(at)}`)
          .join(' · ')}
      </span>
      {request.explanation ? (
        <span className={styles.detail}>
          {TEXT.explanation}: {request.explanation}
        </span>
      ) : null}
    </li>
  );
}
