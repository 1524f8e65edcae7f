import { ArcElement, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

import { prefersReducedMotion } from '../utils/motion';

/**
 * Only the Chart.js parts the dashboards draw (bar and doughnut charts with
 * tooltips), so the rest of the library is tree-shaken out of the bundle.
 * Legends are drawn in HTML next to each chart.
 */
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * One meaning per colour on both dashboards: green is in stock, orange is out
 * on loan, blue is loans made (the weekly bars).
 */
export const CHART_COLORS = {
  inStock: '#2e7d4f',
  /** The provider's own warehouse: the in-stock green's lighter shade, as it is stock too. */
  inWarehouse: '#8cc8a3',
  onLoan: '#e39b3b',
  loansMade: '#3b7fb6',
  loansMadeHover: '#2f6894',
  muted: '#dbe8df',
  grid: '#edf2ee',
  text: '#4a5a50',
} as const;

/** Chart.js animation setting: none for users who ask for reduced motion. */
export function chartAnimation(): false | undefined {
  return prefersReducedMotion() ? false : undefined;
}
