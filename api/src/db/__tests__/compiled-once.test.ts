import { sql } from 'kysely';

import { compiledOnce, rowSlots } from '../compiled-once';
import { connect, type Db } from '../connect';

let db: Db;

beforeAll(async () => {
  db = connect('sqlite::memory:').db;
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
});

afterAll(() => db.destroy());

const insertToken = (jti: string, expiresAt: number) =>
  compiledOnce(db, 'test: insert token', [jti, expiresAt], (valueAt) =>
    db.insertInto('revoked_tokens').values({ jti: valueAt(0), expires_at: valueAt(1) }),
  );

const tokensIn = (jtis: string[]) =>
  compiledOnce(db, `test: tokens in:${jtis.length}`, jtis, (valueAt) =>
    db
      .selectFrom('revoked_tokens')
      .selectAll()
      .where(
        'jti',
        'in',
        jtis.map((_, i) => valueAt(i)),
      )
      .orderBy('jti'),
  );

it("binds each call's own values to the query built at the first call", async () => {
  const first = insertToken('a', 1);
  const second = insertToken('b', 2);
  expect(second.sql).toBe(first.sql);
  expect(second.parameters).toEqual(['b', 2]);
  expect(second.queryId).not.toBe(first.queryId);
  await db.executeQuery(first);
  await db.executeQuery(second);
  const { rows } = await db.executeQuery(tokensIn(['b', 'a']));
  expect(rows).toEqual([
    { jti: 'a', expires_at: 1 },
    { jti: 'b', expires_at: 2 },
  ]);
});

it('builds one query per shape', async () => {
  const one = tokensIn(['a']);
  const two = tokensIn(['a', 'b']);
  expect(two.sql).not.toBe(one.sql);
  expect((await db.executeQuery(tokensIn(['b']))).rows).toEqual([{ jti: 'b', expires_at: 2 }]);
});

it('refuses a query that does not take each value as a parameter', () => {
  // Left out, or written into the SQL: the first call's value would stay for good.
  expect(() =>
    compiledOnce(db, 'test: value left out', ['a', 1], (valueAt) =>
      db.selectFrom('revoked_tokens').selectAll().where('jti', '=', valueAt(0)),
    ),
  ).toThrow('A query built once must take each of its 2 values as a parameter.');
  expect(() =>
    compiledOnce(db, 'test: value in the SQL', ['a'], (valueAt) =>
      db
        .selectFrom('revoked_tokens')
        .selectAll()
        .where('jti', '=', sql.lit(valueAt(0))),
    ),
  ).toThrow('A query built once must take each of its 1 values as a parameter.');
});

it("marks row n's values from n times the row's width on, under the columns given", () => {
  const marked = (index: number) => `value ${index}` as never;
  expect(rowSlots(marked, ['jti', 'expires_at'], 1)).toEqual({
    jti: 'value 2',
    expires_at: 'value 3',
  });
  expect(rowSlots(marked, ['jti'])).toEqual({ jti: 'value 0' });
});
