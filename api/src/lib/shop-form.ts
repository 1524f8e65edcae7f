import type { Static, TObject } from 'typebox';
import { Compile } from 'typebox/compile';

import type { Db } from '../db/connect';
import { ValidationError } from '../errors';
import { SHOP_FIELD_BLANK as BLANK, SHOP_FIELD_MESSAGES } from '../schemas/shop-form';
import { normaliseEmail } from './email';
import type { Form } from './multipart';
import { saveLogo } from './uploads';

const REQUIRED = 'This field is required.';

/**
 * A multipart number: a plain decimal (`-12.5`), nothing else. `Number()`
 * would also take `0x10`, `1e3`, `Infinity` and blanks; a coordinate never
 * needs them, so they are refused rather than guessed at.
 */
const DECIMAL = /^-?\d{1,20}(?:\.\d{1,20})?$/;

/** Form fields → the values the schema describes (the file stays apart: see storeLogo). */
function valuesOf(form: Form, properties: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of ['name', 'email', 'phone'].filter((f) => properties.includes(f))) {
    const raw = form.fields[field];
    // A JSON number stays a number and fails the schema: no coercion.
    if (typeof raw === 'string')
      values[field] = field === 'email' ? normaliseEmail(raw) : raw.trim();
    else if (raw !== undefined && raw !== null) values[field] = raw;
  }
  for (const field of ['x_gis', 'y_gis'].filter((f) => properties.includes(f))) {
    const raw = form.fields[field];
    if (raw === undefined) continue;
    if (typeof raw !== 'string' || !form.text) {
      // JSON: a number, or null to clear; a string stays a string and fails.
      values[field] = raw;
      continue;
    }
    // Multipart text: empty clears the coordinate; text that is no plain decimal stays text and fails.
    const text = raw.trim();
    values[field] = text === '' || text === 'null' ? null : DECIMAL.test(text) ? Number(text) : raw;
  }
  return values;
}

/**
 * The fields longer than their schema's maxLength (counted in code points, as
 * the schema counts). Checked before the compiled schema, whose error listing
 * runs every keyword of a field, the pattern too: an over-long value is
 * refused by its length without any pattern seeing it.
 */
function overLong(schema: TObject, values: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  for (const [field, value] of Object.entries(values)) {
    const max = (schema.properties[field] as { maxLength?: number } | undefined)?.maxLength;
    if (typeof value !== 'string' || max === undefined || value.length <= max) continue;
    // UTF-16 length is at most twice the code points: only count them when it could matter.
    if (value.length > 2 * max || [...value].length > max) found.add(field);
  }
  return found;
}

const compiled = new WeakMap<TObject, ReturnType<typeof Compile>>();

/**
 * Checks the text fields of a shop form against its schema; the errors come
 * back as field lists (`{ email: ['…'] }`, one message per field, in the
 * form's order), the shape the panel reads, with `error` the first message.
 */
export function checkShopForm<S extends TObject>(
  schema: S,
  form: Form,
): Omit<Static<S>, 'logo' | 'id'> {
  const check = compiled.get(schema) ?? Compile(schema);
  compiled.set(schema, check);
  const properties = Object.keys(schema.properties);
  const values = valuesOf(form, properties);
  const keywords = new Map<string, string[]>();
  const tooLong = overLong(schema, values);
  for (const field of tooLong) {
    keywords.set(field, ['maxLength']);
    delete values[field];
  }
  if (keywords.size === 0 && check.Check(values)) return values as Omit<Static<S>, 'logo' | 'id'>;
  for (const error of check.Errors(values)) {
    const missing =
      error.keyword === 'required'
        ? ((error.params as { requiredProperties?: string[] }).requiredProperties ?? [])
        : [error.instancePath.split('/')[1] ?? ''];
    for (const field of missing) {
      // An over-long field was taken out above: its absence is no second error.
      if (error.keyword === 'required' && tooLong.has(field)) continue;
      keywords.set(field, [...(keywords.get(field) ?? []), error.keyword]);
    }
  }
  const messages = new Map<string, string>();
  for (const [field, found] of keywords) {
    if (found.includes('required')) messages.set(field, REQUIRED);
    else if (found.includes('minLength')) messages.set(field, BLANK);
    else messages.set(field, SHOP_FIELD_MESSAGES[field] ?? 'This field is invalid.');
  }
  const ordered = properties.filter((field) => messages.has(field));
  const fields = Object.fromEntries(
    ordered.map((field) => [field, [messages.get(field) as string]]),
  );
  throw new ValidationError(messages.get(ordered[0] as string) ?? 'Invalid form.', fields);
}

/** Stores the form's logo, checked and re-encoded (saveLogo), and answers its path; undefined without one. */
export async function storeLogo(db: Db, form: Form): Promise<string | undefined> {
  if (!form.file) return undefined;
  return saveLogo(db, form.file.data);
}
