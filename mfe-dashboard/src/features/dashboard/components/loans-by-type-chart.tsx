import { Bar } from 'react-chartjs-2';
import { CHARTS, panelStyles } from '@panel/shared';
import { EmptyState } from '@panel/shared/page-ui';

import { CHART_COLORS, chartAnimation } from '../../../components/chart-setup';
import type { StockRow } from '../../../utils/stock-rows';
import { countBarOptions } from '../utils/weekly-axis';

const ROW_HEIGHT_PX = 44;
const AXIS_HEIGHT_PX = 40;

/** The chart's height for so many types; its loading placeholder has the same. */
export function loansByTypeHeight(typeCount: number): number {
  return typeCount * ROW_HEIGHT_PX + AXIS_HEIGHT_PX;
}

/** Containers out on loan now, one horizontal bar per container type. */
export function LoansByTypeChart({ rows }: { rows: StockRow[] }) {
  if (rows.length === 0) {
    return (
      <EmptyState title="No loans yet">
        Loans per container type show here once you lend containers.
      </EmptyState>
    );
  }
  const counts = rows.map((r) => r.onLoan);
  return (
    <>
      <div
        style={{ position: 'relative', width: '100%', height: loansByTypeHeight(rows.length) }}
        role="img"
        aria-label={`Containers on loan by type: ${rows.map((r) => `${r.label} ${r.onLoan}`).join(', ')}`}
      >
        <Bar
          aria-hidden="true"
          data={{
            labels: rows.map((r) => r.label),
            datasets: [
              {
                label: 'On loan',
                data: counts,
                backgroundColor: CHART_COLORS.onLoan,
                barThickness: CHARTS.barThickness * 1.6,
                borderRadius: 5,
              },
            ],
          }}
          options={{ animation: chartAnimation(), ...countBarOptions(counts, 'x', CHART_COLORS) }}
        />
      </div>
      {/* A table box ignores width and overflow, so the hiding wrapper is a div. */}
      <div className={panelStyles.srOnly}>
        <table>
          <caption>Containers on loan by type</caption>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td>{r.onLoan}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
