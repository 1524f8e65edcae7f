import { Doughnut } from 'react-chartjs-2';
import { CHARTS, MESSAGES } from '@panel/shared';

import { CHART_COLORS, chartAnimation } from './chart-setup';
import styles from './stock-doughnut.module.css';

export interface DoughnutSegment {
  label: string;
  value: number;
  color: string;
}

interface StockDoughnutProps {
  segments: DoughnutSegment[];
  /** Already rounded, NaN already 0 (doughnutPercentage); null: no containers, "none yet". */
  percent: number | null;
  caption: string;
  /** What a screen reader hears instead of the drawing. */
  label: string;
  small?: boolean;
}

/**
 * A thin ring (spec: cutout 95 %) with the percentage in its centre. With no
 * containers at all the ring is drawn grey, so the card never looks broken.
 */
export function StockDoughnut({
  segments,
  percent,
  caption,
  label,
  small = false,
}: StockDoughnutProps) {
  const empty = segments.every((s) => s.value <= 0);
  const shown = empty
    ? [{ label: 'No containers', value: 1, color: CHART_COLORS.muted }]
    : segments;
  return (
    <div
      className={[styles.box, small ? styles.small : ''].join(' ')}
      role="img"
      aria-label={label}
    >
      <Doughnut
        aria-hidden="true"
        data={{
          labels: shown.map((s) => s.label),
          datasets: [
            {
              data: shown.map((s) => s.value),
              backgroundColor: shown.map((s) => s.color),
              borderWidth: 0,
              hoverOffset: 2,
            },
          ],
        }}
        options={{
          animation: chartAnimation(),
          cutout: CHARTS.doughnutCutout,
          maintainAspectRatio: false,
          responsive: true,
          plugins: { tooltip: { enabled: !empty } },
        }}
      />
      <div className={styles.centre} aria-hidden="true">
        {percent === null ? (
          <span className={styles.caption}>{MESSAGES.noneYet}</span>
        ) : (
          <>
            <span className={styles.percent}>{percent}%</span>
            <span className={styles.caption}>{caption}</span>
          </>
        )}
      </div>
    </div>
  );
}
