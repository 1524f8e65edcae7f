import { useState } from 'react';

import styles from './form.module.css';

/** A password input's type and its Show/Hide toggle (a real button, so it works by keyboard). */
export function usePasswordToggle(label: string) {
  const [visible, setVisible] = useState(false);
  return {
    type: visible ? 'text' : 'password',
    addon: (
      <button
        type="button"
        className={styles.toggle}
        aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    ),
  };
}
