import { MAP } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import { LazyMap } from '../../../components/map/lazy-map';
import type { LatLng } from '../../../components/map/lat-lng';
import styles from './profile.module.css';

interface LocationFieldProps {
  id: string;
  centre: LatLng;
  marker: LatLng | null;
  latitude: string;
  longitude: string;
  disabled: boolean;
  error?: string;
  onPick: (point: LatLng) => void;
  onType: (field: 'latitude' | 'longitude', text: string) => void;
}

/**
 * The shop's location: click the map (spec: zoom 12, 400 px tall) and the
 * marker moves there. The two number fields show the point and let keyboard
 * users set it without a pointer.
 */
export function LocationField({
  id,
  centre,
  marker,
  latitude,
  longitude,
  disabled,
  error,
  onPick,
  onType,
}: LocationFieldProps) {
  return (
    <fieldset className={styles.location} disabled={disabled}>
      <legend className={styles.label}>Location</legend>
      <p className={styles.hint} id={`${id}-hint`}>
        {marker ? 'Click the map to move the marker.' : PAGE_MESSAGES.followUp.noLocation}
      </p>
      <LazyMap
        centre={centre}
        zoom={MAP.profileZoom}
        marker={marker}
        label="Map: click to set the shop's location"
        height={MAP.profileHeightPx}
        onPick={disabled ? undefined : onPick}
      />
      <div className={styles.coordinates}>
        {(
          [
            ['latitude', 'Latitude', latitude],
            ['longitude', 'Longitude', longitude],
          ] as const
        ).map(([field, label, value]) => (
          <div key={field} className={styles.field}>
            <label htmlFor={`${id}-${field}`} className={styles.label}>
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              className={styles.input}
              inputMode="decimal"
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              onChange={(event) => onType(field, event.target.value)}
            />
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
