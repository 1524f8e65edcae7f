import { useCallback, useState } from 'react';
import { COUNTER } from '@panel/shared/page-ui';

import { beep } from '../utils/beep';

function soundRemembered(): boolean {
  try {
    return localStorage.getItem(COUNTER.soundStorageKey) === '1';
  } catch {
    return false;
  }
}

/**
 * What the counter tells the user after each code: a sentence for the live
 * region (screen readers) and, when the user turned it on, a beep. The sound
 * is off by default and the choice is remembered on this device.
 */
export function useFeedback() {
  const [sound, setSoundState] = useState(soundRemembered);
  // A counter beside the text, so the same sentence twice is still a change to announce.
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });

  const setSound = useCallback((on: boolean) => {
    setSoundState(on);
    try {
      if (on) localStorage.setItem(COUNTER.soundStorageKey, '1');
      else localStorage.removeItem(COUNTER.soundStorageKey);
    } catch {
      // Storage refused (private mode): the choice lasts until the page closes.
    }
  }, []);

  const tell = useCallback(
    (text: string, outcome: 'success' | 'error') => {
      setAnnouncement((last) => ({ text, n: last.n + 1 }));
      if (sound) beep(outcome);
    },
    [sound],
  );

  return { sound, setSound, tell, announcement };
}
