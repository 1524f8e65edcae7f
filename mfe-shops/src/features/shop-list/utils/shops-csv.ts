import Papa from 'papaparse';
import type { Shop } from '@panel/shared';

import { joinDate } from './shop-table';

export const CSV_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Phone Number',
  'Join Date',
  'Status',
  'Latitude',
  'Longitude',
] as const;

/**
 * The shops as RFC 4180 CSV (CRLF rows; cells with commas, quotes or line
 * breaks quoted, quotes doubled). Text cells starting with =, +, -, @, tab
 * or CR get a leading apostrophe so a spreadsheet shows them as text instead
 * of running them as formulas (OWASP "CSV injection"); numbers stay numbers.
 */
export function shopsToCsv(shops: readonly Shop[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: shops.map((shop) => [
        shop.id,
        shop.name,
        shop.email,
        shop.phone,
        joinDate(shop.created_date),
        shop.status,
        shop.x_gis ?? '',
        shop.y_gis ?? '',
      ]),
    },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
}

/** 'shops-2025-06-01.csv', in the user's local date. */
export function csvFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `shops-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
