/** A CSV cell: text, a number (written as it is), or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * U+2060 WORD JOINER: invisible, takes no width and is neither a formula
 * character nor a digit, so a spreadsheet keeps what follows as text.
 */
const TEXT_MARK = '\u2060';

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

function writeCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const formula = FORMULA_START.test(cell);
  const text = (formula ? "'" : '') + neutraliseInside(cell);
  const quoted =
    formula || /[",;\r\n\uFEFF]/.test(text) || text.startsWith(' ') || text.endsWith(' ');
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Rows as RFC 4180 CSV that both spreadsheet locales read safely: CRLF rows;
 * a cell with a comma, a semicolon (the other locale's separator), a quote, a
 * line break or an edge space is quoted, quotes doubled. A text cell starting
 * with =, +, -, @, tab or CR gets a leading apostrophe (and is quoted), and so
 * does such a character after a semicolon or line break inside it
 * (neutraliseInside), so no spreadsheet runs it as a formula; numbers stay
 * numbers, a negative one included.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(writeCell).join(',')).join('\r\n');
}

/**
 * A phone number as a cell a spreadsheet shows as typed: with an invisible
 * word joiner in front, "+33 1 23 45 67 89" is neither a formula (which the
 * apostrophe above would show) nor a number ("0612345678" would lose its 0).
 * The mark is also in what is copied from the cell; dialers ignore it.
 */
export function csvPhone(phone: string | null | undefined): CsvCell {
  return phone ? TEXT_MARK + phone : null;
}

/** '<prefix>-2025-06-01.csv', in the user's local date. */
export function csvFileName(prefix: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands CSV text to the browser as a download. */
export function downloadCsv(csv: string, fileName: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the URL by the next task; then it can go.
  setTimeout(() => URL.revokeObjectURL(url));
}
