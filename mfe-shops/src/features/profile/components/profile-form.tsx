import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  type ApiError,
  describeError,
  LIMITS,
  MAP,
  MESSAGES,
  notify,
  panelStyles,
  type Shop,
} from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import { shopLocation, type LatLng } from '../../../components/map/lat-lng';
import { useUpdateShopProfileMutation } from '../api/update-shop-profile';
import {
  buildProfileForm,
  formatCoordinate,
  formProblem,
  isDirty,
  parseLocation,
  type ProfileValues,
  valuesOf,
} from '../utils/profile-form';
import { LocationField } from './location-field';
import { LogoField } from './logo-field';
import styles from './profile.module.css';

/** Server field lists the form can show, in the order the spec reads them (e-mail first). */
const SERVER_FIELDS = ['email', 'name', 'phone', 'logo', 'x_gis', 'y_gis'] as const;

interface FieldError {
  field: string;
  text: string;
}

/**
 * The shop's own profile form. `shop` is undefined while the account loads:
 * the fields wait, disabled, and the map shows the spec's default centre.
 * The page mounts a fresh form (by key) once the account is in.
 */
export function ProfileForm({
  shop,
  onDirty,
}: {
  shop: Shop | undefined;
  /** Told whether the form holds unsaved changes, for the page's leave guard. */
  onDirty: (dirty: boolean) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(shop));
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [updateProfile, { isLoading: saving }] = useUpdateShopProfileMutation();
  const dirty = isDirty(values, shop);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const location = parseLocation(values);
  const marker = Array.isArray(location) ? location : null;
  // The map opens on the saved point; clicks move the marker, not the view.
  const centre: LatLng = shop
    ? (shopLocation(shop) ?? MAP.defaultProfileCoordinates)
    : MAP.defaultCentre;

  function set<K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (fieldError?.field === field || (fieldError?.field === 'latitude' && field === 'longitude'))
      setFieldError(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!shop || saving) return;
    const problem = formProblem(values);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(null);
    try {
      await updateProfile({ id: shop.id, form: buildProfileForm(shop.id, values) }).unwrap();
      setValues((previous) => ({
        ...previous,
        name: previous.name.trim(),
        email: previous.email.trim(),
        phone: previous.phone.trim(),
        logo: null,
      }));
      notify.success(MESSAGES.shopModified);
    } catch (failure) {
      const described = describeError(failure as ApiError, { fields: SERVER_FIELDS });
      notify.error(`${MESSAGES.shopEditFailedPrefix}${described.text}`);
      if (described.field) {
        const field =
          described.field === 'x_gis' || described.field === 'y_gis' ? 'latitude' : described.field;
        setFieldError({ field, text: described.text });
      }
    }
  }

  const errorFor = (field: string) => (fieldError?.field === field ? fieldError.text : undefined);
  const loading = shop === undefined;

  return (
    <form className={styles.form} onSubmit={save} noValidate aria-busy={loading}>
      <div className={styles.details}>
        {(
          [
            ['name', 'Shop name', 'text', 'organization', LIMITS.shopNameMaxLength],
            ['email', 'Email', 'email', 'email', LIMITS.emailMaxLength],
            ['phone', PAGE_MESSAGES.followUp.phoneLabel, 'tel', 'tel', LIMITS.phoneMaxLength],
          ] as const
        ).map(([field, label, type, autoComplete, maxLength]) => {
          const error = errorFor(field);
          return (
            <div key={field} className={styles.field}>
              <label htmlFor={`${id}-${field}`} className={styles.label}>
                {label}
              </label>
              <input
                id={`${id}-${field}`}
                className={styles.input}
                type={type}
                autoComplete={autoComplete}
                maxLength={maxLength}
                disabled={loading}
                value={values[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : undefined}
                onChange={(event) => set(field, event.target.value)}
              />
              {error ? (
                <p id={`${id}-${field}-error`} className={styles.error} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <LogoField
          id={`${id}-logo`}
          current={shop?.logo}
          file={values.logo}
          disabled={loading}
          serverError={errorFor('logo')}
          onChange={(file) => set('logo', file)}
        />
      </div>
      <LocationField
        id={`${id}-location`}
        centre={centre}
        marker={marker}
        latitude={values.latitude}
        longitude={values.longitude}
        disabled={loading}
        error={errorFor('latitude')}
        onPick={([lat, lng]) =>
          setValues((previous) => ({
            ...previous,
            latitude: formatCoordinate(lat),
            longitude: formatCoordinate(lng),
          }))
        }
        onType={(field, text) => set(field, text)}
      />
      <div className={styles.footer}>
        <p className={styles.hint} aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <button type="submit" className={panelStyles.button} disabled={loading || saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
