import { ValidationError } from '../errors';
import type { Form } from './multipart';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()\-.]{3,30}$/;

export interface ShopFields {
  name?: string;
  email?: string;
  phone?: string;
  x_gis?: number | null;
  y_gis?: number | null;
}

function coordinate(value: string, min: number, max: number): number | null | 'bad' {
  if (value.trim() === '' || value === 'null') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : 'bad';
}

/**
 * Checks the text fields of the register and profile forms; errors come back
 * as field lists (`{ email: ['…'] }`), the shape the panel reads.
 */
export function checkShopFields(form: Form, required: Array<keyof ShopFields>): ShopFields {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const out: ShopFields = {};
  const text = (field: 'name' | 'email' | 'phone') => {
    const raw = form.fields[field];
    if (raw === undefined) {
      if (required.includes(field)) add(field, 'This field is required.');
      return undefined;
    }
    const value = raw.trim();
    if (value === '') add(field, 'This field may not be blank.');
    return value;
  };
  const name = text('name');
  if (name) {
    if (name.length > 100) add('name', 'Ensure this field has no more than 100 characters.');
    else out.name = name;
  }
  const email = text('email')?.toLowerCase();
  if (email) {
    if (email.length > 254 || !EMAIL_PATTERN.test(email))
      add('email', 'Enter a valid email address.');
    else out.email = email;
  }
  const phone = text('phone');
  if (phone) {
    if (!PHONE_PATTERN.test(phone)) add('phone', 'Enter a valid phone number.');
    else out.phone = phone;
  }
  for (const [field, max] of [
    ['x_gis', 90],
    ['y_gis', 180],
  ] as const) {
    const raw = form.fields[field];
    if (raw === undefined) continue;
    const value = coordinate(raw, -max, max);
    if (value === 'bad') add(field, `Enter a number between -${max} and ${max}.`);
    else out[field] = value;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
  return out;
}
