import type { FastifyInstance } from 'fastify';

import { ValidationError } from '../errors';

/**
 * U+0000–U+001F and U+007F. No field of the panel is multi-line, so none is
 * allowed anywhere; PostgreSQL refuses NUL in text outright, which used to
 * surface as a 500.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Half of a surrogate pair without its other half: no character at all, so
 * it has no UTF-8 form and what a database would keep is not what was sent.
 * JSON's `\ud800` escape is the way one gets in. U+FFFD is what the decoders
 * make of bytes that are not UTF-8 (a multipart field holding a surrogate's
 * bytes, say): refused too, so the text stored is always the text sent.
 */
const INVALID_UNICODE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFFFD/;

export const CONTROL_CHARS_MESSAGE = 'Text may not contain control characters.';
export const INVALID_UNICODE_MESSAGE =
  'Text must be valid UTF-8: no unpaired surrogates or replacement characters (U+FFFD).';

/** Why a text is refused, or null. */
function flaw(text: string): string | null {
  if (CONTROL.test(text)) return CONTROL_CHARS_MESSAGE;
  if (INVALID_UNICODE.test(text)) return INVALID_UNICODE_MESSAGE;
  return null;
}

/** The first string or key holding a control character or invalid Unicode: its path (`body.codes[0]`) and flaw, else null. */
function findFlaw(value: unknown, at: string, depth = 0): { at: string; flaw: string } | null {
  if (typeof value === 'string') {
    const found = flaw(value);
    return found ? { at, flaw: found } : null;
  }
  // JSON nesting is bounded by the body limit; the depth cap only guards the recursion.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findFlaw(value[i], `${at}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const inKey = flaw(key);
    if (inKey) return { at, flaw: inKey };
    const found = findFlaw(item, `${at}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the API's 400 when a text holds a control character or invalid Unicode; `where` names it in the message. */
export function rejectControlChars(value: unknown, where: string): void {
  const found = findFlaw(value, where);
  // The path is cut short: keys are the caller's text and may be long.
  if (found) throw new ValidationError(`${found.flaw} (${found.at.slice(0, 80)})`);
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
