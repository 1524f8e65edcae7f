export interface RegistrationFields {
  name: string;
  email: string;
  phone: string;
  logo: File | null;
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
