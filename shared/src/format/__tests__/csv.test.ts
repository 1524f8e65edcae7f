import Papa from 'papaparse';

import { csvFileName, csvPhone, toCsv } from '../csv';

const HEADER = ['ID', 'Name', 'Phone'];
const readBack = (csv: string, delimiter = ',') =>
  Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' }).data;

describe('toCsv', () => {
  it('writes a header and one CRLF-separated line per row, numbers as they are', () => {
    expect(
      toCsv(HEADER, [
        [2, 'Green Cafe', null],
        [-0.12, 'Deli', undefined],
      ]),
    ).toBe('ID,Name,Phone\r\n2,Green Cafe,\r\n-0.12,Deli,');
  });

  it('quotes commas, quotes, line breaks, semicolons and edge spaces, doubling the quotes', () => {
    const csv = toCsv(HEADER, [
      [1, 'Deli, "The Best"\nof town', 'a;b'],
      [2, ' pad ', 'x'],
    ]);
    expect(csv.split('\r\n').slice(1)).toEqual([
      '1,"Deli, ""The Best""\nof town","a;b"',
      '2," pad ",x',
    ]);
  });

  it.each(['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises the formula %j with a leading apostrophe',
    (name) => {
      expect(readBack(toCsv(HEADER, [[1, name, null]]))[1]?.[1]).toBe(`'${name}`);
    },
  );

  it.each([',', ';'])('leaves no formula for a spreadsheet splitting at %j', (delimiter) => {
    const names = ['Cafe;=2*21', 'Deli;+1', 'Bar\n@SUM(A1)', 'Pub\r\n-2+3', '=1;2'];
    const csv = toCsv(
      HEADER,
      names.map((name, i) => [i + 1, name, csvPhone('+33 1 23 45 67 89')]),
    );
    const cells = readBack(csv, delimiter).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it.each([',', ';'])(
    'keeps phones as text with no visible apostrophe when split at %j',
    (delimiter) => {
      const phones = ['+33 1 23 45 67 89', '0612345678', '-12'];
      const csv = toCsv(
        ['Phone'],
        phones.map((phone) => [csvPhone(phone)]),
      );
      const cells = readBack(csv, delimiter).slice(1).flat();
      // Only the invisible word joiner stands in front: nothing a reader sees, nothing a spreadsheet runs.
      expect(cells).toEqual(phones.map((phone) => `\u2060${phone}`));
      expect(cells.some((cell) => cell.includes("'"))).toBe(false);
    },
  );

  it('leaves a missing phone empty', () => {
    expect(csvPhone(null)).toBeNull();
    expect(csvPhone('')).toBeNull();
  });

  it('names the file after the local day', () => {
    expect(csvFileName('loans', new Date(2025, 0, 5, 23, 59))).toBe('loans-2025-01-05.csv');
  });
});
