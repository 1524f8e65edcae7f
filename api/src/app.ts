import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySse from '@fastify/sse';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TSchema } from 'typebox';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';

import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_REMOTE_LOADS_LIMIT,
  DEFAULT_SERVER_TIMEOUTS,
  type Limit,
  type RateLimits,
  type ServerTimeouts,
} from './config';
import { nowOf, type AppDeps } from './deps';
import { registerAuth } from './lib/auth';
import { buildValidator, compilersOnFirstUse } from './lib/body-validation';
import { registerControlCharCheck } from './lib/control-chars';
import { registerErrorHandler } from './lib/error-handler';
import { registerIdempotency } from './lib/idempotency';
import { registerLiveFeed } from './lib/live-feed';
import { registerRateLimit } from './lib/rate-limit';
import { registerSecurityHeaders } from './lib/security-headers';
import { MAX_UPLOAD_BYTES } from './lib/uploads';
import routes from './routes';
import mediaRoutes from './routes/media';
import { openApiComponents } from './schemas/components';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation-only body schema of a multipart route (parsed in the handler). */
    multipartBody?: TSchema;
  }
}

/** What buildApp sets per instance beyond the dependencies. */
export interface AppOptions {
  logger?: boolean;
  /** Limits of the public account calls; tests pass generous ones, or small ones to test them. */
  rateLimits?: RateLimits;
  /** Fastify's trustProxy (see Config.trustProxy). */
  trustProxy?: boolean | string;
  /** Per-IP limit of remote-load reports. */
  remoteLoadsLimit?: Limit;
  /** Time-outs of the HTTP server; tests pass short ones. */
  timeouts?: ServerTimeouts;
  /** Compile each route's schemas on its first request (tests: see lib/body-validation.ts). */
  compileSchemasOnFirstUse?: boolean;
}

/** The API as a plugin: docs, auth, routes, media and the one error handler. */
export async function app(
  fastify: FastifyInstance,
  {
    rateLimits = DEFAULT_RATE_LIMITS,
    remoteLoadsLimit = DEFAULT_REMOTE_LOADS_LIMIT,
    ...deps
  }: AppDeps & { rateLimits?: RateLimits; remoteLoadsLimit?: Limit },
): Promise<void> {
  registerSecurityHeaders(fastify, {
    // Helmet's defaults suit the docs page (Swagger UI loads only its own
    // scripts and styles), with framing refused outright and no upgrade to
    // https, which would break the docs on a plain-http host.
    contentSecurityPolicy: {
      directives: { frameAncestors: ["'none'"], upgradeInsecureRequests: null },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The panel may show logos from /media/ while served from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Before compression: it stores each first answer as the JSON it is.
  registerIdempotency(fastify, deps.db, () => nowOf(deps));
  await fastify.register(fastifyCompress, {
    global: true,
    // Answers up to 64 kB (any page of 100) are compressed in one call rather
    // than through a zlib stream and pipeline per answer, which on 2 cores
    // (default: 8 kB) took 30 % of the CPU of a page of requests.
    syncThreshold: 64 * 1024,
    // A brotli encoder's memory grows with its window: 256 kB instead of the
    // default 4 MB keeps 32 concurrent compressed answers inside the API's
    // memory budget, for JSON at nearly the same ratio. Quality 1, not 4:
    // every answer is compressed afresh, and on a page of 100 requests (20 kB
    // of JSON) quality 4 took 2–4 times the CPU for a third fewer bytes.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  });
  await registerRateLimit(fastify, deps.db);

  await fastify.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  });

  await fastify.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lending panel API',
        version: '0',
        description:
          'Every call of the panel spec plus the shop-side lend and return calls. Send `Authorization: JWT <access>` (or Bearer).',
      },
      components: {
        securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        // TypeBox schemas are JSON Schema, which the OpenAPI 3.0 types spell more narrowly (no type lists).
        schemas: openApiComponents as never,
      },
      security: [{ jwt: [] }],
    },
    transform: ({ schema, url, route }) => {
      const body = route.config?.multipartBody;
      if (!body) return { schema, url };
      const documented = { ...schema, consumes: ['multipart/form-data'], body } as FastifySchema;
      return { schema: documented, url };
    },
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(fastify);

  registerAuth(fastify, deps.db, deps.jwtSecret, deps.releaseControllerToken);
  // A comment line every 15 s keeps an idle stream inside the 30 s idle
  // time-outs of this server and of the shell's proxy.
  await fastify.register(fastifySse, { heartbeatInterval: 15_000 });
  await registerLiveFeed(fastify, deps.db);
  registerControlCharCheck(fastify);

  await fastify.register(routes, { prefix: '/api/v0', deps, rateLimits, remoteLoadsLimit });
  await fastify.register(mediaRoutes, { deps });
}

/** A Fastify instance with the server options the API relies on, and the app registered. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? DEFAULT_SERVER_TIMEOUTS;
  const fastify = Fastify({
    logger: options.logger ?? false,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    trustProxy: options.trustProxy ?? false,
    // The spec's paths are called both with and without the trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 256 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, allErrors: false } },
    // Coercion for query strings and parameters only: see lib/body-validation.ts.
    schemaController: {
      compilersFactory: options.compileSchemasOnFirstUse ? compilersOnFirstUse : { buildValidator },
    },
  });
  await fastify.register(app, {
    ...deps,
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    remoteLoadsLimit: options.remoteLoadsLimit ?? DEFAULT_REMOTE_LOADS_LIMIT,
  });
  // Node checks request and header time-outs on an interval; Fastify takes
  // only the request's, so the headers' is set on its server.
  fastify.server.headersTimeout = Math.min(timeouts.headersMs, timeouts.requestMs);
  await fastify.ready();
  return fastify;
}
