import type { RateWindow } from '../api/get-return-rate';

/** '83 %' (rounded to a whole percent), or null when nothing fell due. */
export function ratePercent(window: Pick<RateWindow, 'rate'>): string | null {
  return window.rate === null ? null : `${Math.round(window.rate * 100)} %`;
}
