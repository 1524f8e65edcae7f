import { type Shop } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import type { LatLng } from '../../../components/map/lat-lng';

export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  /** Text as typed, so a half-typed '-2' is kept; parsed by `parseLocation`. */
  latitude: string;
  longitude: string;
  logo: File | null;
}

export const LOCATION_INVALID =
  'Latitude must be between -90 and 90 and longitude between -180 and 180.';
export const NAME_REQUIRED = 'Enter the shop name';
export const EMAIL_REQUIRED = 'Enter an e-mail address';

/** Six decimals is about 10 cm: more would only be noise from the pointer. */
export function formatCoordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

export function valuesOf(shop: Shop | undefined): ProfileValues {
  return {
    name: shop?.name ?? '',
    email: shop?.email ?? '',
    phone: shop?.phone ?? '',
    latitude: shop?.x_gis === null || shop?.x_gis === undefined ? '' : String(shop.x_gis),
    longitude: shop?.y_gis === null || shop?.y_gis === undefined ? '' : String(shop.y_gis),
    logo: null,
  };
}

/** The chosen point; null when none is set, 'invalid' when the text is not a place on Earth. */
export function parseLocation(values: ProfileValues): LatLng | null | 'invalid' {
  const lat = values.latitude.trim();
  const lng = values.longitude.trim();
  if (lat === '' && lng === '') return null;
  const point: LatLng = [Number(lat), Number(lng)];
  const [x, y] = point;
  if (lat === '' || lng === '' || !Number.isFinite(x) || !Number.isFinite(y)) return 'invalid';
  return Math.abs(x) <= 90 && Math.abs(y) <= 180 ? point : 'invalid';
}

/** What the user would lose by leaving now. */
export function isDirty(values: ProfileValues, shop: Shop | undefined): boolean {
  const saved = valuesOf(shop);
  return (
    values.logo !== null ||
    values.name.trim() !== saved.name ||
    values.email.trim() !== saved.email ||
    values.phone.trim() !== saved.phone ||
    values.latitude.trim() !== saved.latitude ||
    values.longitude.trim() !== saved.longitude
  );
}

/** The first reason the form cannot be sent, with the field it belongs to. */
export function formProblem(
  values: ProfileValues,
): { field: keyof ProfileValues; text: string } | null {
  if (values.name.trim() === '') return { field: 'name', text: NAME_REQUIRED };
  if (values.email.trim() === '') return { field: 'email', text: EMAIL_REQUIRED };
  if (values.phone.trim() === '')
    return { field: 'phone', text: PAGE_MESSAGES.followUp.phoneRequired };
  if (parseLocation(values) === 'invalid') return { field: 'latitude', text: LOCATION_INVALID };
  return null;
}

/** The multipart body of spec section 3 (id, name, email, x_gis, y_gis, optional logo), plus phone. */
export function buildProfileForm(id: number, values: ProfileValues): FormData {
  const form = new FormData();
  form.append('id', String(id));
  form.append('name', values.name.trim());
  form.append('email', values.email.trim());
  form.append('phone', values.phone.trim());
  const location = parseLocation(values);
  if (Array.isArray(location)) {
    form.append('x_gis', String(location[0]));
    form.append('y_gis', String(location[1]));
  }
  if (values.logo) form.append('logo', values.logo, values.logo.name);
  return form;
}
