import { useEffect, useId, useState } from 'react';
import { Field, LIMITS, MAP, MESSAGES, notify, panelStyles, type Shop } from '@panel/shared';
import { ProfileForm as ProfileBody, SHOP_FIELD_MESSAGES } from '@panel/shared/contract';
import { PAGE_MESSAGES, useSchemaForm } from '@panel/shared/page-ui';

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
const SERVER_FIELDS = ['email', 'name', 'phone', 'logo', 'x_gis', 'y_gis'];

const fieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  error: styles.error,
};

const TEXT_FIELDS = [
  ['name', 'Shop name', 'text', 'organization', LIMITS.shopNameMaxLength],
  ['email', 'Email', 'email', 'email', LIMITS.emailMaxLength],
  ['phone', PAGE_MESSAGES.followUp.phoneLabel, 'tel', 'tel', LIMITS.phoneMaxLength],
] as const;

/**
 * The shop's own profile form. `shop` is undefined while the account loads:
 * the fields wait, disabled, and the map shows the spec's default centre.
 * The page mounts a fresh form (by key) once the account is in. The text
 * fields are checked against the contract's ProfileForm (the multipart's
 * text part); the logo is checked when picked, as before.
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
  const [updateProfile] = useUpdateShopProfileMutation();
  // "All changes saved." says a save happened: not shown on a form nobody has touched.
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    schema: ProfileBody,
    defaultValues: valuesOf(shop),
    // A blank field or a half-typed point is the form's own sentence, before the schema.
    checkFirst: formProblem,
    // What the API checks: trimmed text, the e-mail in the one form it stores.
    toBody: (values: ProfileValues) => {
      const location = parseLocation(values);
      return {
        id: shop?.id,
        name: values.name.trim(),
        email: values.email.normalize('NFKC').trim().toLowerCase(),
        phone: values.phone.trim(),
        x_gis: Array.isArray(location) ? location[0] : null,
        y_gis: Array.isArray(location) ? location[1] : null,
      };
    },
    messages: SHOP_FIELD_MESSAGES,
    fieldOf: { x_gis: 'latitude', y_gis: 'latitude' },
    firstOnly: true,
    serverFields: SERVER_FIELDS,
    // The button waits for the shop, so the body has its id.
    send: ({ id }, values) =>
      updateProfile({ id: Number(id), form: buildProfileForm(Number(id), values) }).unwrap(),
    onSent: (_shop, values) => {
      form.reset({
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        logo: null,
      });
      setSaved(true);
      notify.success(MESSAGES.shopModified);
    },
    onFailed: (described) => notify.error(`${MESSAGES.shopEditFailedPrefix}${described.text}`),
  });
  const values = form.watch();
  const { errors } = form.formState;
  const dirty = isDirty(values, shop);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const location = parseLocation(values);
  const marker = Array.isArray(location) ? location : null;
  // The map opens on the saved point; clicks move the marker, not the view.
  const centre: LatLng = shop
    ? (shopLocation(shop) ?? MAP.defaultProfileCoordinates)
    : MAP.defaultCentre;
  const loading = shop === undefined;

  function setPoint(field: 'latitude' | 'longitude', text: string) {
    form.setValue(field, text);
    // One error stands for the point: typing either coordinate takes it away.
    form.clearErrors('latitude');
  }

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={loading}>
      <div className={styles.details}>
        {TEXT_FIELDS.map(([field, label, type, autoComplete, maxLength]) => (
          <Field
            key={field}
            label={label}
            classes={fieldClasses}
            type={type}
            autoComplete={autoComplete}
            maxLength={maxLength}
            disabled={loading}
            {...form.field(field)}
          />
        ))}
        <LogoField
          id={`${id}-logo`}
          current={shop?.logo}
          file={values.logo}
          disabled={loading}
          serverError={errors.logo?.message}
          onChange={(file) => {
            form.setValue('logo', file);
            form.clearErrors('logo');
          }}
        />
      </div>
      <LocationField
        id={`${id}-location`}
        centre={centre}
        marker={marker}
        latitude={values.latitude}
        longitude={values.longitude}
        disabled={loading}
        error={errors.latitude?.message}
        onPick={([lat, lng]) => {
          setPoint('latitude', formatCoordinate(lat));
          setPoint('longitude', formatCoordinate(lng));
        }}
        onType={setPoint}
      />
      <div className={styles.footer}>
        <p className={styles.hint} aria-live="polite">
          {dirty
            ? PAGE_MESSAGES.followUp.profileUnsaved
            : saved
              ? PAGE_MESSAGES.followUp.profileSaved
              : ''}
        </p>
        <button type="submit" className={panelStyles.button} disabled={loading || form.busy}>
          {form.busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
