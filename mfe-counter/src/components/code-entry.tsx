import { useId, useState } from 'react';
import { panelStyles } from '@panel/shared';
import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import { useWedgeScanner } from '../hooks/use-wedge-scanner';
import { CameraScanner } from './camera-scanner';
import styles from './counter.module.css';

interface CodeEntryProps {
  onCode: (code: string) => void;
  sound: boolean;
  onSoundChange: (on: boolean) => void;
}

/**
 * The three ways a code comes in, the same on /lend and /take-back: the
 * "Container code" field and Enter, a keyboard-wedge scanner anywhere on the
 * page, and the camera.
 */
export function CodeEntry({ onCode, sound, onSoundChange }: CodeEntryProps) {
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const hintId = useId();

  const take = (raw: string) => {
    const trimmed = raw.trim();
    if (trimmed) onCode(trimmed);
  };
  useWedgeScanner(take);

  return (
    <div className={styles.entry}>
      <form
        className={styles.codeForm}
        onSubmit={(event) => {
          event.preventDefault();
          take(code);
          setCode('');
        }}
      >
        <label className={styles.field}>
          <span className={styles.label}>{COUNTER_MESSAGES.codeLabel}</span>
          <input
            className={styles.input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="enter"
            aria-describedby={hintId}
          />
        </label>
        <button type="submit" className={`${panelStyles.button} ${styles.addButton}`}>
          {COUNTER_MESSAGES.addCode}
        </button>
      </form>
      <div className={styles.entryTools}>
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          aria-expanded={camera}
          onClick={() => setCamera((open) => !open)}
        >
          {camera ? COUNTER_MESSAGES.closeCamera : COUNTER_MESSAGES.useCamera}
        </button>
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={sound}
            onChange={(event) => onSoundChange(event.target.checked)}
          />
          {COUNTER_MESSAGES.sound}
        </label>
      </div>
      {camera ? <CameraScanner onCode={take} /> : null}
      <p id={hintId} className={styles.hint}>
        {COUNTER_MESSAGES.scannerHint}
      </p>
    </div>
  );
}
