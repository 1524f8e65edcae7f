import { LIMITS, logoProblem, MESSAGES, type Shop } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import {
  buildProfileForm,
  formProblem,
  isDirty,
  LOCATION_INVALID,
  parseLocation,
  valuesOf,
} from '../utils/profile-form';

const shop: Shop = {
  id: 7,
  name: 'Green Cafe',
  email: 'shop@example.com',
  phone: '1',
  logo: null,
  created_date: '2025-06-01',
  status: 'active',
  x_gis: 24.4539,
  y_gis: 54.3773,
};

const file = (size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], 'logo.png', { type });

describe('the logo rule (spec section 5)', () => {
  it('accepts an image up to 2 MB', () => {
    expect(logoProblem(file(LIMITS.uploadMaxBytes))).toBeNull();
  });

  it('refuses an image over 2 MB', () => {
    expect(logoProblem(file(LIMITS.uploadMaxBytes + 1))).toBe(MESSAGES.fileTooLarge);
  });

  it('refuses a file that is not an image', () => {
    expect(logoProblem(file(10, 'text/plain'))).toBe(MESSAGES.imagesOnly);
  });
});

describe('the profile form', () => {
  it('starts from the saved shop and is clean until something changes', () => {
    const values = valuesOf(shop);
    expect(values).toMatchObject({ name: 'Green Cafe', latitude: '24.4539', longitude: '54.3773' });
    expect(isDirty(values, shop)).toBe(false);
    expect(isDirty({ ...values, name: ' Green Cafe ' }, shop)).toBe(false);
    expect(isDirty({ ...values, latitude: '25' }, shop)).toBe(true);
    expect(isDirty({ ...values, logo: file(1) }, shop)).toBe(true);
  });

  it('reads the location as a point, none, or invalid', () => {
    const values = valuesOf(shop);
    expect(parseLocation(values)).toEqual([24.4539, 54.3773]);
    expect(parseLocation({ ...values, latitude: '', longitude: '' })).toBeNull();
    expect(parseLocation({ ...values, latitude: '91' })).toBe('invalid');
    expect(parseLocation({ ...values, longitude: '' })).toBe('invalid');
    expect(formProblem({ ...values, longitude: 'east' })).toEqual({
      field: 'latitude',
      text: LOCATION_INVALID,
    });
  });

  it('asks for a phone number, and a changed one is unsaved', () => {
    const values = valuesOf(shop);
    expect(isDirty({ ...values, phone: '2' }, shop)).toBe(true);
    expect(formProblem({ ...values, phone: '  ' })).toEqual({
      field: 'phone',
      text: PAGE_MESSAGES.followUp.phoneRequired,
    });
  });

  it('sends id, trimmed name, e-mail and phone, coordinates and the logo as multipart fields', () => {
    const logo = file(3);
    const form = buildProfileForm(7, {
      ...valuesOf(shop),
      name: ' New Name ',
      email: ' new@example.com ',
      phone: ' +1 555 0100 ',
      logo,
    });
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'logo'))).toEqual({
      id: '7',
      name: 'New Name',
      email: 'new@example.com',
      phone: '+1 555 0100',
      x_gis: '24.4539',
      y_gis: '54.3773',
    });
    expect((form.get('logo') as File).size).toBe(3);
  });

  it('leaves the coordinates out when none is chosen', () => {
    const form = buildProfileForm(7, { ...valuesOf(shop), latitude: '', longitude: '' });
    expect(form.has('x_gis')).toBe(false);
  });
});
