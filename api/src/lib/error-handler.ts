import type { FastifyError, FastifyInstance } from 'fastify';

import {
  ConflictError,
  DomainError,
  ForbiddenError,
  MailFailedError,
  NotFoundError,
  TooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../errors';

/** The one place a domain error becomes an HTTP status. */
const STATUS = new Map<object, number>([
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooLargeError, 413],
  [TooManyRequestsError, 429],
  // Not 502: the panel reads 502-504 as the API being unreachable (the shell's proxy).
  [MailFailedError, 424],
]);

function errorReply(error: FastifyError | DomainError): {
  status: number;
  body: Record<string, unknown>;
} {
  if (error instanceof DomainError) {
    const status = STATUS.get(error.constructor) ?? 500;
    return { status, body: { error: error.message, ...error.fields } };
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

/**
 * Every error answers `{ error }` (with field lists where the spec reads
 * them): domain errors by their class, Fastify's own by their status, and
 * anything else as a logged 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const { status, body } = errorReply(error);
    if (status >= 500) request.log.error(error);
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'Not found.' }));
}
