import type { FastifyRequest } from 'fastify';

import { rejectControlChars } from './control-chars';
import { DomainError, TooLargeError, ValidationError } from '../errors';
import { MAX_UPLOAD_BYTES } from './uploads';

export interface Form {
  /** Multipart: text as sent. JSON: strings, numbers and null as typed, never converted. */
  fields: Record<string, string | number | null>;
  /** Multipart, whose fields are all text: numbers are read from it (strictly). */
  text: boolean;
  file: { field: string; data: Buffer } | null;
}

export const FILE_TOO_LARGE = 'File size must be less than 2MB';

/**
 * Reads a multipart form (text fields and at most one file), or a JSON object
 * for clients that send no file. Limits come from the multipart plugin.
 */
export async function readForm(request: FastifyRequest, fileField: string): Promise<Form> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, text: false, file: null };
    if (typeof body !== 'object' || Array.isArray(body))
      throw new ValidationError('The body must be a form or a JSON object.');
    const fields: Form['fields'] = {};
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || value === null)
        fields[key] = value;
      else throw new ValidationError(`The field ${key} must be text, a number or null.`);
    }
    return { fields, text: false, file: null };
  }
  const form: Form = { fields: {}, text: true, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField && data.length > 0)
          form.file = { field: part.fieldname, data };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw new ValidationError(`The field ${part.fieldname} is too long.`);
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        // The preValidation check never sees multipart fields: they are read here.
        rejectControlChars({ [part.fieldname]: part.value }, 'form');
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new TooLargeError(FILE_TOO_LARGE, { [fileField]: [FILE_TOO_LARGE] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new ValidationError('The form has too many parts.');
    }
    throw new ValidationError('The form could not be read.');
  }
  if (form.file && form.file.data.length > MAX_UPLOAD_BYTES) {
    throw new TooLargeError(FILE_TOO_LARGE, { [fileField]: [FILE_TOO_LARGE] });
  }
  return form;
}
