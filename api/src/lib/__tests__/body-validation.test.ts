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
});
