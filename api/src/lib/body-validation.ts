import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify's `ajv` server option, as far as it is read here. */
interface AjvOptions {
  customOptions?: Record<string, unknown>;
  onCreate?: (ajv: Ajv) => void;
}
/** An Ajv instance, as far as it is changed here. */
interface Ajv {
  removeKeyword(keyword: string): Ajv;
  addKeyword(definition: typeof uniqueScalarItems): Ajv;
}
/** An error as an Ajv keyword reports it (Ajv adds where). */
interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}
/** What Fastify hands a validator compiler for each part of each route. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart: string;
}
type Compile = (route: RouteSchema) => unknown;
type BuildCompiler = (externalSchemas: unknown, options?: AjvOptions) => Compile;
/** An Ajv validator as Fastify calls it (see fastify/lib/validation.js validateParam). */
interface Validate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}
type Serialize = (data: unknown) => string;
type BuildSerializer = (
  externalSchemas: unknown,
  options?: unknown,
) => (route: RouteSchema) => Serialize;

const fastifyRequire = createRequire(require.resolve('fastify'));

/**
 * Fastify's own validator compiler, the one it builds when given none, taken
 * from fastify's dependencies, so its version is always the one this Fastify
 * was released with (the API does not depend on it directly). One pool for
 * the process: it keeps one Ajv per set of options and shared schemas, and
 * Ajv keeps each route schema it compiled, so a second app instance (the
 * tests build many) reuses the validators, not compiles them again.
 */
const ajvPool = (fastifyRequire('@fastify/ajv-compiler') as () => BuildCompiler)();

/**
 * Query strings, path parameters and headers are text, so their validator
 * coerces (`?limit=10` is the number 10). A JSON body already carries its
 * types: there coercion would only hide a client's mistake (`"count": true`
 * taken as 1, `"0x10"` as 16), so bodies are validated by a second Ajv
 * built with the same options but `coerceTypes: false`.
 */
export const buildValidator = ((externalSchemas: unknown, options?: AjvOptions): Compile => {
  const onCreate = (ajv: Ajv) => {
    ajv.removeKeyword('uniqueItems').addKeyword(uniqueScalarItems);
    options?.onCreate?.(ajv);
  };
  const coercing = ajvPool(externalSchemas, { ...options, onCreate });
  const strict = ajvPool(externalSchemas, {
    ...options,
    onCreate,
    customOptions: { ...options?.customOptions, coerceTypes: false },
  });
  return (route) => (route.httpPart === 'body' ? strict : coercing)(route);
}) as unknown as CompilersFactory['buildValidator'];

/**
 * Ajv's `uniqueItems`, with the scalar items seen kept in a Map. Ajv's own
 * keeps them as the keys of a plain object, so each new container code made
 * V8 build a hidden class for it, and garbage: on a lend of 20 codes the
 * check took 39 µs, four times the rest of the body's validation (8 µs).
 * A list holding objects or lists is compared pair by pair, as Ajv does.
 * The same refusals with the same messages.
 */
const uniqueScalarItems = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  compile(unique: boolean) {
    const validate = (items: unknown[]): boolean => {
      const duplicate = unique ? duplicateOf(items) : null;
      validate.errors = duplicate && [
        {
          keyword: 'uniqueItems',
          message: `must NOT have duplicate items (items ## ${duplicate.j} and ${duplicate.i} are identical)`,
          params: duplicate,
        },
      ];
      return duplicate === null;
    };
    validate.errors = null as KeywordError[] | null;
    return validate;
  },
};

/** Two equal items of `items` (the pair Ajv would name), or null. */
function duplicateOf(items: unknown[]): { i: number; j: number } | null {
  if (items.some((item) => typeof item === 'object' && item !== null)) {
    for (let i = items.length - 1; i > 0; i -= 1)
      for (let j = i - 1; j >= 0; j -= 1)
        if (isDeepStrictEqual(items[i], items[j])) return { i, j };
    return null;
  }
  const seen = new Map<unknown, number>();
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const j = seen.get(items[i]);
    if (j !== undefined) return { i, j };
    seen.set(items[i], i);
  }
  return null;
}

/** Fastify's own serializer factory (fast-json-stringify), as Fastify builds it when given none. */
const serializerFactory = (
  fastifyRequire('@fastify/fast-json-stringify-compiler') as () => BuildSerializer
)();

/** A validator that compiles its schema when it first validates, then behaves as the compiled one. */
function validatorOnFirstUse(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const get = () => (compiled ??= compile());
  const validate: Validate = (data, context) => {
    const run = get();
    const valid = run(data, context);
    validate.errors = run.errors;
    return valid;
  };
  // Fastify passes the parent object (so Ajv may coerce a root value) only
  // to a validator with a schemaEnv, which it reads just before each call.
  Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
  return validate;
}

/**
 * The same compilers, compiling each route's schemas on the route's first
 * request instead of at start-up. For the tests only (AppOptions.
 * compileSchemasOnFirstUse): each test file builds the app anew and calls a
 * few of its routes, and compiling every route's validators and serializers
 * was a third of a file's fixed cost. The server compiles all at start-up,
 * so a bad schema stops it (and the tests that build it so) at once.
 */
export const compilersOnFirstUse = {
  buildValidator: ((externalSchemas: unknown, options?: AjvOptions): Compile => {
    const compile = (buildValidator as unknown as BuildCompiler)(externalSchemas, options);
    return (route) => validatorOnFirstUse(() => compile(route) as Validate);
  }) as unknown as CompilersFactory['buildValidator'],
  buildSerializer: ((externalSchemas: unknown, options?: unknown) => {
    const compile = serializerFactory(externalSchemas, options);
    return (route: RouteSchema): Serialize => {
      let serialize: Serialize | undefined;
      return (data) => (serialize ??= compile(route))(data);
    };
  }) as unknown as CompilersFactory['buildSerializer'],
};
