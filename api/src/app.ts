import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifySchema } from 'fastify';

import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_REMOTE_LOADS_LIMIT,
  type Limit,
  type RateLimits,
} from './config';
import type { Db, DbKind } from './db/connect';
import { registerAuth } from './lib/auth';
import { registerControlCharCheck } from './lib/control-chars';
import { HttpError } from './lib/http-error';
import type { Mailer } from './lib/mailer';
import { registerRateLimit } from './lib/rate-limit';
import { MAX_UPLOAD_BYTES, MEDIA_TYPES, type ImageKind } from './lib/uploads';
import { findMedia } from './repositories/media';
import containerRequestRoutes from './routes/api/pack/container-requests';
import containerRoutes from './routes/api/pack/containers';
import qrBatchRoutes from './routes/api/pack/qr-batches';
import shopRoutes from './routes/api/shops';
import telemetryRoutes from './routes/api/telemetry';

/** What every route needs; tests build it with an in-memory mailer and a fresh DB. */
export interface AppDeps {
  db: Db;
  kind: DbKind;
  jwtSecret: string;
  dataDir: string;
  mailer: Mailer;
  /** Clock for figures relative to "now" (tests pin it). */
  now?: () => Date;
  /** The release controller's secret for reading load reports (Config.releaseControllerToken). */
  releaseControllerToken?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation-only body schema of a multipart route (parsed in the handler). */
    multipartBody?: Record<string, unknown>;
  }
}

function errorBody(error: FastifyError | HttpError): {
  status: number;
  body: Record<string, unknown>;
} {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: { error: error.message, ...error.fields } };
  }
  if (error.validation) {
    return { status: 400, body: { error: `Invalid request: ${error.message}` } };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, body: { error: 'The request is too large.' } };
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) return { status, body: { error: error.message } };
  return { status: 500, body: { error: 'Internal server error.' } };
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
  await fastify.register(fastifyHelmet, {
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
  await fastify.register(fastifyCompress, {
    global: true,
    // A brotli encoder's memory grows with its window: 256 kB instead of the
    // default 4 MB keeps 32 concurrent compressed answers inside the API's
    // memory budget, for JSON at nearly the same ratio.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
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

  fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, body } = errorBody(error);
    if (status >= 500) request.log.error(error);
    return reply.status(status).send(body);
  });
  fastify.setNotFoundHandler((request, reply) => reply.status(404).send({ error: 'Not found.' }));

  registerAuth(fastify, deps.db, deps.jwtSecret, deps.releaseControllerToken);
  registerControlCharCheck(fastify);

  await fastify.register(shopRoutes, { prefix: '/api/v0/shops', deps, rateLimits });
  await fastify.register(containerRoutes, { prefix: '/api/v0/pack/containers', deps });
  await fastify.register(containerRequestRoutes, {
    prefix: '/api/v0/pack/container-requests',
    deps,
  });
  await fastify.register(qrBatchRoutes, { prefix: '/api/v0/pack/qr-batches', deps });
  await fastify.register(telemetryRoutes, {
    prefix: '/api/v0/telemetry',
    deps,
    remoteLoadsLimit,
  });

  const uploadsDir = path.join(deps.dataDir, 'uploads');
  fastify.get<{ Params: { name: string } }>(
    '/media/:name',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { name: { type: 'string', pattern: '^[a-f0-9]{32}\\.(png|jpg|gif|webp)$' } },
          required: ['name'],
        },
      },
    },
    async (request, reply) => {
      const name = request.params.name;
      const image = (contentType: string) =>
        reply
          .header('Content-Type', contentType)
          .header('Cache-Control', 'public, max-age=86400')
          .header('X-Content-Type-Options', 'nosniff');
      const stored = await findMedia(deps.db, name);
      if (stored) return image(stored.contentType).send(stored.data);
      // Logos uploaded before they moved into the database are still on this disk.
      const file = path.join(uploadsDir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return reply.status(404).send({ error: 'Not found.' });
      const ext = path.extname(file).slice(1) as ImageKind;
      return image(MEDIA_TYPES[ext]).send(createReadStream(file));
    },
  );
}

/** A Fastify instance with the server options the API relies on, and the app registered. */
export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // The spec's paths are called both with and without the trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 256 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, allErrors: false } },
  });
  await fastify.register(app, {
    ...deps,
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    remoteLoadsLimit: options.remoteLoadsLimit ?? DEFAULT_REMOTE_LOADS_LIMIT,
  });
  await fastify.ready();
  return fastify;
}
