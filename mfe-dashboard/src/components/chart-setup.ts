import { ArcElement, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

import { prefersReducedMotion } from '../utils/motion';

/**
 * Only the Chart.js parts the dashboards draw (bar and doughnut charts with
 * tooltips), so the rest of the library is tree-shaken out of the bundle.
 * Legends are drawn in HTML next to each chart.
 */
Chart.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip);

export const CHART_COLORS = {
  primary: '#2e7d4f',
  onLoan: '#e39b3b',
  muted: '#dbe8df',
  grid: '#edf2ee',
  text: '#4a5a50',
  palette: ['#2e7d4f', '#5fae7d', '#9fd3b0', '#e39b3b', '#3b7fb6', '#b65f8f', '#7a6cc4', '#c9b23f'],
} as const;

export function paletteColor(index: number): string {
  return CHART_COLORS.palette[index % CHART_COLORS.palette.length] as string;
}

/** Chart.js animation setting: none for users who ask for reduced motion. */
export function chartAnimation(): false | undefined {
  return prefersReducedMotion() ? false : undefined;
}
