import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/** Fastify's `ajv` server option, as far as it is read here. */
interface AjvOptions {
  customOptions?: Record<string, unknown>;
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

/**
 * Fastify's own validator compiler, the one it builds when given none, taken
 * from fastify's dependencies, so its version is always the one this Fastify
 * was released with (the API does not depend on it directly). One pool for
 * the process: it keeps one Ajv per set of options and shared schemas, and
 * Ajv keeps each route schema it compiled, so a second app instance (the
 * tests build many) reuses the validators, not compiles them again.
 */
const ajvPool = (
  createRequire(require.resolve('fastify'))('@fastify/ajv-compiler') as () => BuildCompiler
)();

/**
 * Query strings, path parameters and headers are text, so their validator
 * coerces (`?limit=10` is the number 10). A JSON body already carries its
 * types: there coercion would only hide a client's mistake (`"count": true`
 * taken as 1, `"0x10"` as 16), so bodies are validated by a second Ajv
 * built with the same options but `coerceTypes: false`.
 */
export const buildValidator = ((externalSchemas: unknown, options?: AjvOptions): Compile => {
  const coercing = ajvPool(externalSchemas, options);
  const strict = ajvPool(externalSchemas, {
    ...options,
    customOptions: { ...options?.customOptions, coerceTypes: false },
  });
  return (route) => (route.httpPart === 'body' ? strict : coercing)(route);
}) as unknown as CompilersFactory['buildValidator'];
