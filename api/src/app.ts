import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';

import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_REMOTE_LOADS_LIMIT,
  type Limit,
  type RateLimits,
} from './config';
import type { AppDeps } from './deps';
import { registerAuth } from './lib/auth';
import { registerControlCharCheck } from './lib/control-chars';
import { registerErrorHandler } from './lib/error-handler';
import { registerRateLimit } from './lib/rate-limit';
import { MAX_UPLOAD_BYTES, MEDIA_TYPES, type ImageKind } from './lib/uploads';
import { findMedia } from './repositories/media';
import containerRequestRoutes from './routes/api/pack/container-requests';
import containerRoutes from './routes/api/pack/containers';
import qrBatchRoutes from './routes/api/pack/qr-batches';
import shopRoutes from './routes/api/shops';
import telemetryRoutes from './routes/api/telemetry';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation-only body schema of a multipart route (parsed in the handler). */
    multipartBody?: Record<string, unknown>;
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

  registerErrorHandler(fastify);

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
