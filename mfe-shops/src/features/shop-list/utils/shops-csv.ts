import Papa from 'papaparse';
import { dayOf, type Shop } from '@panel/shared';

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
 * A spreadsheet of a comma-decimal locale splits a CSV at semicolons and
 * line breaks only, and honours a quote only at the start of what it takes
 * for a cell: in the row `1,"Cafe;=2*21"` it sees the cells `1,"Cafe` and
 * `=2*21"`, a formula. So inside a text, a formula's first character right
 * after a semicolon or line break gets the same apostrophe as at the start.
 */
function neutraliseInside(text: string): string {
  return text.replace(/([;\r\n])(?=[=+\-@\t\r])/g, "$1'");
}

/**
 * The shops as RFC 4180 CSV (CRLF rows; cells with commas, semicolons,
 * quotes or line breaks quoted, quotes doubled): a cell holding the separator
 * of either locale is quoted. Text cells starting with =, +, -, @, tab or CR
 * get a leading apostrophe so a spreadsheet shows them as text instead of
 * running them as formulas (OWASP "CSV injection"), and so does such a
 * character after a semicolon or line break inside them (neutraliseInside);
 * numbers stay numbers.
 */
export function shopsToCsv(shops: readonly Shop[]): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: shops.map((shop) => [
        shop.id,
        neutraliseInside(shop.name),
        neutraliseInside(shop.email),
        neutraliseInside(shop.phone),
        dayOf(shop.created_date),
        shop.status,
        shop.x_gis ?? '',
        shop.y_gis ?? '',
      ]),
    },
    {
      escapeFormulae: true,
      newline: '\r\n',
      // Papa quotes commas, quotes and line breaks itself; this adds the other locale's separator.
      quotes: (value: unknown) => typeof value === 'string' && value.includes(';'),
    },
  );
}

/** 'shops-2025-06-01.csv', in the user's local date. */
export function csvFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `shops-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
