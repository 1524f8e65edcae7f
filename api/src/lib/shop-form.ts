import type { Static, TObject } from 'typebox';
import { Compile } from 'typebox/compile';

import type { Db } from '../db/connect';
import { ValidationError } from '../errors';
import { SHOP_FIELD_MESSAGES } from '../schemas/shop-form';
import type { Form } from './multipart';
import { imageExtension, isCompleteImage, saveImage } from './uploads';

const REQUIRED = 'This field is required.';
const BLANK = 'This field may not be blank.';
const ONLY_IMAGES = 'Upload a valid image (PNG, JPEG, GIF or WEBP).';

/** Form text → the values the schema describes (the file stays apart: see storeLogo). */
function valuesOf(form: Form, properties: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of ['name', 'email', 'phone'].filter((f) => properties.includes(f))) {
    const raw = form.fields[field];
    if (raw !== undefined)
      values[field] = field === 'email' ? raw.trim().toLowerCase() : raw.trim();
  }
  for (const field of ['x_gis', 'y_gis'].filter((f) => properties.includes(f))) {
    const raw = form.fields[field];
    if (raw === undefined) continue;
    // An empty coordinate clears it; text that is no number stays text and fails the schema.
    const number = Number(raw);
    values[field] =
      raw.trim() === '' || raw === 'null' ? null : Number.isFinite(number) ? number : raw;
  }
  return values;
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
  if (check.Check(values)) return values as Omit<Static<S>, 'logo' | 'id'>;
  const keywords = new Map<string, string[]>();
  for (const error of check.Errors(values)) {
    const missing =
      error.keyword === 'required'
        ? ((error.params as { requiredProperties?: string[] }).requiredProperties ?? [])
        : [error.instancePath.split('/')[1] ?? ''];
    for (const field of missing)
      keywords.set(field, [...(keywords.get(field) ?? []), error.keyword]);
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

/** Stores the form's logo, checked by its content (an image, whole), and answers its path; undefined without one. */
export async function storeLogo(db: Db, form: Form): Promise<string | undefined> {
  if (!form.file) return undefined;
  const ext = imageExtension(form.file.data);
  if (!ext || !isCompleteImage(form.file.data, ext))
    throw new ValidationError(ONLY_IMAGES, { logo: [ONLY_IMAGES] });
  return saveImage(db, form.file.data, ext);
}
