import { LIMITS, MESSAGES } from '@panel/shared';

export interface RegistrationFields {
  name: string;
  email: string;
  phone: string;
  logo: File | null;
}

/** Why a chosen logo is refused (spec section 5), or null when it may be sent. */
export function logoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.imagesOnly;
  if (file.size > LIMITS.uploadMaxBytes) return MESSAGES.fileTooLarge;
  return null;
}

/** The multipart payload of spec section 3, text fields trimmed. */
export function buildRegistrationForm({ name, email, phone, logo }: RegistrationFields): FormData {
  const form = new FormData();
  form.append('name', name.trim());
  form.append('email', email.trim());
  form.append('phone', phone.trim());
  if (logo) form.append('logo', logo, logo.name);
  return form;
}
