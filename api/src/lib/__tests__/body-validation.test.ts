import { Type } from 'typebox';

import { buildValidator } from '../body-validation';

type Compile = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpPart: string;
}) => ((data: unknown) => boolean) & { errors?: unknown };
const build = buildValidator as unknown as (externals: unknown, options: unknown) => Compile;
const OPTIONS = { customOptions: { coerceTypes: 'array', removeAdditional: true } };
const BODY = Type.Object({ count: Type.Integer() });

describe('buildValidator', () => {
  it('compiles a route schema once per process, whichever app instance asks', () => {
    const route = { schema: BODY, method: 'POST', url: '/x', httpPart: 'body' };
    const first = build({}, OPTIONS)(route);
    const second = build({}, OPTIONS)(route);
    expect(second).toBe(first);
  });

  it('coerces query strings but not bodies', () => {
    const compile = build({}, OPTIONS);
    const query = compile({ schema: BODY, method: 'GET', url: '/x', httpPart: 'querystring' });
    const body = compile({ schema: BODY, method: 'POST', url: '/x', httpPart: 'body' });
    expect(query({ count: '10' })).toBe(true);
    expect(body({ count: '10' })).toBe(false);
    expect(body({ count: 10 })).toBe(true);
  });

  it("refuses a list's duplicates with Ajv's own message, whichever Ajv validates", () => {
    const compile = build({}, OPTIONS);
    const CODES = Type.Object({ codes: Type.Array(Type.String(), { uniqueItems: true }) });
    for (const httpPart of ['body', 'querystring']) {
      const validate = compile({ schema: CODES, method: 'POST', url: '/codes', httpPart });
      expect(validate({ codes: ['a', 'b', 'c'] })).toBe(true);
      expect(validate({ codes: [] })).toBe(true);
      expect(validate({ codes: ['a', 'b', 'a', 'c'] })).toBe(false);
      expect(validate.errors).toEqual([
        expect.objectContaining({
          keyword: 'uniqueItems',
          instancePath: '/codes',
          message: 'must NOT have duplicate items (items ## 2 and 0 are identical)',
          params: { i: 0, j: 2 },
        }),
      ]);
    }
  });

  it('tells numbers from strings and lets a list without uniqueItems repeat', () => {
    const compile = build({}, OPTIONS);
    const route = (schema: unknown) =>
      compile({ schema, method: 'POST', url: '/n', httpPart: 'body' });
    const numbers = route(Type.Array(Type.Number(), { uniqueItems: true }));
    expect(numbers([1, 2, 1])).toBe(false);
    expect(route(Type.Array(Type.Unknown(), {}))(['1', 1, '1'])).toBe(true);
    expect(route(Type.Array(Type.String(), { uniqueItems: false }))(['1', '1'])).toBe(true);
  });

  it('compares lists of objects pair by pair, as Ajv does', () => {
    const compile = build({}, OPTIONS);
    const schema = Type.Array(Type.Object({ id: Type.Integer() }), { uniqueItems: true });
    const validate = compile({ schema, method: 'POST', url: '/objects', httpPart: 'body' });
    expect(validate([{ id: 1 }, { id: 2 }])).toBe(true);
    expect(validate([{ id: 1 }, { id: 2 }, { id: 1 }])).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({
        message: 'must NOT have duplicate items (items ## 0 and 2 are identical)',
      }),
    ]);
  });
});
