import { type Shop } from '@panel/shared';
import { SHOPS_CSV_COLUMNS } from '@panel/shared/contract';
import { csvPhone, toCsv, dayOf } from '@panel/shared/page-ui';

/** The shops through the panel's one CSV writer (formulas neutralised, phones kept as text). */
export function shopsToCsv(shops: readonly Shop[]): string {
  return toCsv(
    SHOPS_CSV_COLUMNS,
    shops.map((shop) => [
      shop.id,
      shop.name,
      shop.email,
      csvPhone(shop.phone),
      dayOf(shop.created_date),
      shop.status,
      shop.x_gis,
      shop.y_gis,
    ]),
  );
}
