import { panelStyles } from '@panel/shared';
import { Panel, QueryView, Skeleton, PAGE_MESSAGES, formatDate } from '@panel/shared/page-ui';

import { formatNumber } from '../../../utils/format';
import {
  type RateWindow,
  type ReturnRate,
  useGetDashboardReturnRateQuery,
} from '../api/get-return-rate';
import { ratePercent } from '../utils/return-rate';
import styles from './dashboard.module.css';

const TEXT = PAGE_MESSAGES.returnRate;

function RateFigure({ label, window }: { label: string; window: RateWindow }) {
  return (
    <div className={styles.rateFigure}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.rateValue}>{ratePercent(window) ?? '—'}</span>
        <span className={styles.rateCount}>
          {window.fell_due === 0
            ? TEXT.nothingFellDue
            : `${formatNumber(window.on_time)} of ${formatNumber(window.fell_due)}`}
        </span>
      </dd>
    </div>
  );
}

/**
 * The week-by-week trend as small bars, one per week, oldest first; a week
 * where nothing fell due has no bar. The same figures are in a visually
 * hidden table for screen readers.
 */
function RateTrend({ weeks }: { weeks: ReturnRate['weeks'] }) {
  return (
    <figure className={styles.rateTrend}>
      <figcaption className={styles.rateTrendTitle}>{TEXT.trendTitle}</figcaption>
      <div className={styles.rateBars} aria-hidden="true">
        {weeks.map((week) => (
          <span
            key={week.start}
            className={styles.rateBar}
            title={`${formatDate(week.start)}: ${ratePercent(week) ?? TEXT.nothingFellDue}`}
          >
            <span
              className={week.rate === null ? styles.rateBarNone : styles.rateBarFill}
              style={{ height: `${Math.max(week.rate ?? 0, 0.02) * 100}%` }}
            />
          </span>
        ))}
      </div>
      <div className={panelStyles.srOnly}>
        <table>
          <caption>{`${TEXT.title}, ${TEXT.trendTitle.toLowerCase()}`}</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">{TEXT.title}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.start}>
                <th scope="row">{formatDate(week.start)}</th>
                <td>
                  {week.fell_due === 0
                    ? TEXT.nothingFellDue
                    : `${ratePercent(week)} (${week.on_time} of ${week.fell_due})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The shop's return rate over 4 and 12 weeks with its definition, and the weekly trend. */
export function ReturnRatePanel({ ready }: { ready: boolean }) {
  const rate = useGetDashboardReturnRateQuery();
  return (
    <Panel title={TEXT.title} subtitle={TEXT.definition}>
      <QueryView
        data={rate.data}
        error={rate.error}
        ready={ready}
        errorTitle={TEXT.failed}
        onRetry={rate.refetch}
        placeholder={<Skeleton height={120} />}
      >
        {(data) => (
          <div className={styles.rate}>
            <dl className={styles.rateFigures}>
              <RateFigure label={TEXT.last4} window={data.last_4_weeks} />
              <RateFigure label={TEXT.last12} window={data.last_12_weeks} />
            </dl>
            <RateTrend weeks={data.weeks} />
          </div>
        )}
      </QueryView>
    </Panel>
  );
}
