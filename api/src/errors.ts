/**
 * Domain errors: what repositories, services and hooks throw. They carry no
 * HTTP status; the one error handler (lib/error-handler.ts) maps each class
 * to its status and to the spec's `{ error }` body (plus field lists).
 */

/** Field lists the panel reads beside `error` (spec: email, logo), a figure (tries_left) or a flag (deactivated). */
export type ErrorFields = Record<string, string[] | number | boolean>;

export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly fields?: ErrorFields,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: a field, a code or a value the rules refuse. */
export class ValidationError extends DomainError {}

/** No valid credentials (missing, wrong, expired or revoked token; wrong password). */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication credentials were not provided or are invalid.') {
    super(message);
  }
}

/** A known caller who may not do this (wrong role, another shop's data, inactive shop). */
export class ForbiddenError extends DomainError {
  constructor(
    message = 'You do not have permission to perform this action.',
    fields?: ErrorFields,
  ) {
    super(message, fields);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** The data's current state forbids the change (taken e-mail, decided request, stock short). */
export class ConflictError extends DomainError {}

/** Another call holds the Idempotency-Key of this one (lib/idempotency.ts replays its answer). */
export class IdempotencyKeyTakenError extends ConflictError {}

/** An upload over the size limit. */
export class TooLargeError extends DomainError {}

/** Too many tries (reset codes, rate limits). */
export class TooManyRequestsError extends DomainError {}

/** A mail the call exists to send could not be handed to the mail server. */
export class MailFailedError extends DomainError {}
