import { panelStyles } from '@panel/shared';

/**
 * Reads each accepted or refused code to screen readers, politely (after
 * what they are saying). The text alternates a trailing invisible space so a
 * second identical sentence is still a change the reader announces.
 */
export function LiveRegion({ text, n }: { text: string; n: number }) {
  return (
    <p className={panelStyles.srOnly} role="status" aria-live="polite" aria-atomic="true">
      {n % 2 === 0 ? text : `${text}\u00a0`}
    </p>
  );
}
