import { Bar } from 'react-chartjs-2';
import { CHARTS, panelStyles } from '@panel/shared';

import { CHART_COLORS, chartAnimation } from '../../../components/chart-setup';
import { panelTimeZone } from '../../../utils/time-zone';
import { weekdayLabels, weeklyCounts } from '../utils/weekday-labels';
import { countBarOptions } from '../utils/weekly-axis';
import styles from './dashboard.module.css';

interface WeeklyLoansChartProps {
  loansByWeekday: Record<string, number>;
  today?: Date;
  /** The zone the API counted the days in (sent as ?tz=). */
  timeZone?: string;
}

/**
 * Loans of the last seven days, oldest day first so today is the last bar.
 * The same figures sit in a visually hidden table for screen readers.
 */
export function WeeklyLoansChart({
  loansByWeekday,
  today = new Date(),
  timeZone = panelTimeZone(),
}: WeeklyLoansChartProps) {
  const days = weekdayLabels(today, timeZone);
  const counts = weeklyCounts(days, loansByWeekday);
  const summary = days.map((day, i) => `${day} ${counts[i]}`).join(', ');
  return (
    <>
      <div className={styles.chartBox} role="img" aria-label={`Loans this week: ${summary}`}>
        <Bar
          aria-hidden="true"
          data={{
            labels: days.map((day) => day.slice(0, 3)),
            datasets: [
              {
                label: 'Loans',
                data: counts,
                backgroundColor: CHART_COLORS.loansMade,
                hoverBackgroundColor: CHART_COLORS.loansMadeHover,
                barThickness: CHARTS.barThickness,
                borderRadius: 5,
              },
            ],
          }}
          options={{ animation: chartAnimation(), ...countBarOptions(counts, 'y', CHART_COLORS) }}
        />
      </div>
      {/* A table box ignores width and overflow, so the hiding wrapper is a div. */}
      <div className={panelStyles.srOnly}>
        <table>
          <caption>Loans per day this week</caption>
          <thead>
            <tr>
              {days.map((day) => (
                <th key={day} scope="col">
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {counts.map((count, i) => (
                <td key={days[i]}>{count}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </>
  );
}
