import type { FastifyInstance } from 'fastify';

import { ValidationError } from '../errors';

/**
 * U+0000–U+001F and U+007F. No field of the panel is multi-line, so none is
 * allowed anywhere; PostgreSQL refuses NUL in text outright, which used to
 * surface as a 500.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const CONTROL_CHARS_MESSAGE = 'Text may not contain control characters.';

/** The path (`body.codes[0]`) of the first string or key holding a control character, else null. */
function findControl(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? at : null;
  // JSON nesting is bounded by the body limit; the depth cap only guards the recursion.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControl(value[i], `${at}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) return at;
    const found = findControl(item, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the API's 400 when a text holds a control character; `where` names it in the message. */
export function rejectControlChars(value: unknown, where: string): void {
  const found = findControl(value, where);
  // The path is cut short: keys are the caller's text and may be long.
  if (found) throw new ValidationError(`${CONTROL_CHARS_MESSAGE} (${found.slice(0, 80)})`);
}

/**
 * One check over every parsed JSON body, query string and path parameter,
 * before schema validation, so no route (present or future) can forget it.
 * Multipart fields are read later by the route; `readForm` checks them.
 */
export function registerControlCharCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    rejectControlChars(request.params, 'params');
    rejectControlChars(request.query, 'query');
    rejectControlChars(request.body, 'body');
  });
}
