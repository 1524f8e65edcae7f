import Papa from 'papaparse';
import type { Shop } from '@panel/shared';

import { shopsToCsv } from '../utils/shops-csv';

function shop(overrides: Partial<Shop>): Shop {
  return {
    id: 1,
    name: 'Green Cafe',
    email: 'shop@example.com',
    phone: '020 7946 0000',
    logo: null,
    created_date: '2025-06-01T10:00:00.000Z',
    status: 'active',
    x_gis: 51.5,
    y_gis: -0.12,
    ...overrides,
  };
}

describe('shopsToCsv', () => {
  it('writes a header and one CRLF-separated line per shop', () => {
    const csv = shopsToCsv([shop({ id: 2 }), shop({ id: 1, x_gis: null, y_gis: null })]);
    expect(csv.split('\r\n')).toEqual([
      'ID,Name,Email,Phone Number,Join Date,Status,Latitude,Longitude',
      '2,Green Cafe,shop@example.com,\u2060020 7946 0000,2025-06-01,active,51.5,-0.12',
      '1,Green Cafe,shop@example.com,\u2060020 7946 0000,2025-06-01,active,,',
    ]);
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    const csv = shopsToCsv([shop({ name: 'Deli, "The Best"\nof town' })]);
    expect(csv.split('\r\n')[1]).toBe(
      '1,"Deli, ""The Best""\nof town",shop@example.com,\u2060020 7946 0000,2025-06-01,active,51.5,-0.12',
    );
  });

  it('quotes cells holding a semicolon, the separator of comma-decimal locales', () => {
    const csv = shopsToCsv([shop({ name: 'Cafe;=2*21', email: 'a;b@x.test' })]);
    expect(csv.split('\r\n')[1]).toBe(
      `1,"Cafe;'=2*21","a;b@x.test",\u2060020 7946 0000,2025-06-01,active,51.5,-0.12`,
    );
  });

  it.each([',', ';'])('leaves no formula for a spreadsheet splitting at %j', (delimiter) => {
    const names = ['Cafe;=2*21', 'Deli;+1', 'Bar\n@SUM(A1)', 'Pub\r\n-2+3', '=1;2'];
    // Without coordinates: a negative one is a number, rightly left as it is.
    const csv = shopsToCsv(
      names.map((name, i) => shop({ id: i + 1, name, x_gis: null, y_gis: null })),
    );
    const cells = Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' }).data.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('reads a semicolon name back whole with the comma separator, apostrophe added', () => {
    const [, row] = Papa.parse<string[]>(shopsToCsv([shop({ name: 'Cafe;=2*21' })]), {
      newline: '\r\n',
    }).data;
    expect(row?.[1]).toBe("Cafe;'=2*21");
  });

  it.each(['=HYPERLINK("http://evil")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises the formula %j with a leading apostrophe',
    (name) => {
      const [, row] = Papa.parse<string[]>(shopsToCsv([shop({ name })]), {
        newline: '\r\n',
      }).data;
      expect(row?.[1]).toBe(`'${name}`);
    },
  );

  it('keeps phones as text without an apostrophe and negative coordinates as numbers', () => {
    const [, row] = Papa.parse<string[]>(
      shopsToCsv([shop({ phone: '+44 20 7946 0000', x_gis: -33.9, y_gis: -70.6 })]),
      { newline: '\r\n' },
    ).data;
    expect(row?.slice(3)).toEqual([
      '\u2060+44 20 7946 0000',
      '2025-06-01',
      'active',
      '-33.9',
      '-70.6',
    ]);
  });

  it('reads back every field unchanged through a CSV parser', () => {
    const shops = [shop({ id: 9, name: 'A "quoted", multi\r\nline name', email: 'a,b@x.test' })];
    const parsed = Papa.parse<Record<string, string>>(shopsToCsv(shops), {
      header: true,
      newline: '\r\n',
    }).data;
    expect(parsed).toEqual([
      {
        ID: '9',
        Name: 'A "quoted", multi\r\nline name',
        Email: 'a,b@x.test',
        'Phone Number': '\u2060020 7946 0000',
        'Join Date': '2025-06-01',
        Status: 'active',
        Latitude: '51.5',
        Longitude: '-0.12',
      },
    ]);
  });
});
