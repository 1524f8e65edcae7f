import { useId } from 'react';
import { LIMITS, panelStyles } from '@panel/shared';

import { decrement, increment, typedQuantity } from '../utils/quantity';
import styles from './requests.module.css';

interface QuantityPickerProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
}

/** Minus, a number input and plus for one container type; 0 to 99 (spec section 5). */
export function QuantityPicker({ label, value, onChange }: QuantityPickerProps) {
  const id = useId();
  return (
    <li className={styles.picker}>
      <label htmlFor={id} className={styles.pickerLabel}>
        {label}
      </label>
      <div className={styles.stepper}>
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.step}`}
          aria-label={`Fewer ${label}`}
          disabled={value <= LIMITS.requestQuantityMin}
          onClick={() => onChange(decrement(value))}
        >
          −
        </button>
        <input
          id={id}
          className={styles.quantityInput}
          type="number"
          inputMode="numeric"
          min={LIMITS.requestQuantityMin}
          max={LIMITS.requestQuantityMax}
          step={1}
          value={value}
          onChange={(event) => onChange(typedQuantity(event.target.value, value))}
        />
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.step}`}
          aria-label={`More ${label}`}
          disabled={value >= LIMITS.requestQuantityMax}
          onClick={() => onChange(increment(value))}
        >
          +
        </button>
      </div>
    </li>
  );
}
