/** An error the global handler turns into `{ error }` (or field lists) with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field lists the panel reads instead of `error` (spec: email, logo), or a figure (tries_left). */
    readonly fields?: Record<string, string[] | number>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string[] | number>) =>
  new HttpError(400, message, fields);
export const unauthorized = (
  message = 'Authentication credentials were not provided or are invalid.',
) => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, fields?: Record<string, string[]>) =>
  new HttpError(409, message, fields);
export const tooManyRequests = (message: string) => new HttpError(429, message);
