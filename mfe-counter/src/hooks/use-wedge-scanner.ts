import { useEffect, useRef } from 'react';
import { COUNTER } from '@panel/shared/page-ui';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * From the second fast character on, keys are taken for a scanner's and kept
 * out of the field: each key a field takes costs a render, which on a busy
 * page would slow the burst's own keys past a scanner's pace.
 */
const HELD_FROM = 2;

/** Keys that change nothing by themselves: a scanner presses Shift for capitals. */
const MODIFIERS = new Set(['Shift', 'CapsLock', 'Control', 'Alt', 'Meta', 'AltGraph']);

interface Burst {
  text: string;
  /** The time of its first and last character's key (see KeyTime). */
  first: number;
  last: number;
  /** The field that had focus when it began, and its value then. */
  field: Field | null;
  before: string;
  /** Characters kept out of the field since the burst was recognised. */
  held: string;
}

/**
 * Still a scanner's pace with a key at `now`. A burst begins with keys at
 * most COUNTER.wedgeMaxGapMs apart (so a person's last key before a scan is
 * not its first character); once it runs, one gap may stretch to
 * COUNTER.wedgeMaxPauseMs as long as the mean stays within wedgeMaxGapMs.
 */
function fastEnough(burst: Burst, now: number): boolean {
  const gap = now - burst.last;
  if (burst.text.length < HELD_FROM) return gap <= COUNTER.wedgeMaxGapMs;
  if (gap > COUNTER.wedgeMaxPauseMs) return false;
  return (now - burst.first) / burst.text.length <= COUNTER.wedgeMaxGapMs;
}

function focusedField(): Field | null {
  const element = document.activeElement;
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    ? element
    : null;
}

/** Text fields have a caret to put characters at; a date or number field has none. */
function hasCaret(field: Field): boolean {
  try {
    return field.selectionStart !== null;
  } catch {
    return false;
  }
}

/**
 * Replaces the text between `start` and `end` the way typing does: through
 * setRangeText (which neither React's value tracker nor the browser's undo
 * takes for a script's assignment), then an input event, so React's
 * controlled fields see the change. A field without a caret gets its value
 * through the element's own setter instead.
 */
function writeField(field: Field, text: string, start: number, end: number) {
  if (hasCaret(field)) {
    field.setRangeText(text, start, end, 'end');
  } else {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, field.value.slice(0, start) + text + field.value.slice(end));
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * When a key was pressed, in milliseconds. In a browser, the event's own
 * timeStamp: the moment the keyboard or scanner sent it, not when a busy page
 * got round to it, so a scan delivered late or in a bunch keeps its pace.
 */
export type KeyTime = (event: KeyboardEvent) => number;

const pressedAt: KeyTime = (event) => event.timeStamp;

/**
 * Recognises a keyboard-wedge scanner anywhere on the page: it "types" a
 * code faster than a person can (at most COUNTER.wedgeMaxGapMs between
 * characters, on average, with no pause over COUNTER.wedgeMaxPauseMs) and
 * ends it with Enter. The first character of a burst still reaches the
 * focused field (nobody can tell a burst from typing yet); from the second
 * fast one on, keys are held back, and at Enter the field gets back the
 * value it had before the burst. A burst that slows down or stops without
 * Enter, or is followed by a click, was a person: the held characters go
 * into the field after all, so typing in the client field is never lost.
 */
export function useWedgeScanner(
  onScan: (code: string) => void,
  { enabled = true, keyTime = pressedAt }: { enabled?: boolean; keyTime?: KeyTime } = {},
): void {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  });

  useEffect(() => {
    if (!enabled) return;
    let burst: Burst | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    /** A burst that ended without Enter: what was held back goes where it was typed. */
    function release() {
      clearTimeout(timer);
      const ended = burst;
      burst = null;
      if (!ended?.held || !ended.field || !ended.field.isConnected || !hasCaret(ended.field))
        return;
      const field = ended.field;
      const start = field.selectionStart ?? field.value.length;
      const end = field.selectionEnd ?? start;
      writeField(field, ended.held, start, end);
    }

    function onKeyDown(event: KeyboardEvent) {
      if (MODIFIERS.has(event.key)) return;
      const now = keyTime(event);
      if (burst && !fastEnough(burst, now)) release();
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.repeat;

      if (event.key === 'Enter' && plain && burst) {
        const scanned = burst;
        if (scanned.text.length < COUNTER.wedgeMinLength) {
          release();
          return;
        }
        clearTimeout(timer);
        burst = null;
        event.preventDefault();
        event.stopPropagation();
        if (scanned.field?.isConnected && scanned.field.value !== scanned.before) {
          writeField(scanned.field, scanned.before, 0, scanned.field.value.length);
        }
        onScanRef.current(scanned.text);
        return;
      }
      if (event.key.length !== 1 || !plain) {
        release();
        return;
      }

      if (!burst) {
        const field = focusedField();
        burst = { text: '', first: now, last: now, field, before: field?.value ?? '', held: '' };
      }
      burst.text += event.key;
      burst.last = now;
      // A field without a caret (a date) cannot take held keys back: its keys go through.
      const canHold = !burst.field || hasCaret(burst.field);
      if (burst.text.length >= HELD_FROM && canHold) {
        event.preventDefault();
        event.stopPropagation();
        burst.held += event.key;
      }
      clearTimeout(timer);
      // Nothing held back yet: nothing to give back, and the next key's own
      // time says whether the burst goes on, however late it is delivered.
      if (!burst.held) return;
      // A page that delivers keys late (busy, or a browser driven by a test)
      // gets that much longer to deliver the next one: pressed at a scanner's
      // pace, it still belongs to the burst.
      const behind = Math.max(0, performance.now() - now);
      // When the wait runs out, keys may still be queued behind a busy page:
      // one more turn lets them in (input runs before timers) before the
      // burst is given up.
      timer = setTimeout(
        () => {
          timer = setTimeout(release, 0);
        },
        COUNTER.wedgeMaxPauseMs + behind + 1,
      );
    }

    // A scanner never points: a click or tap ends a burst before it acts, so
    // what was typed fast just before it (and held back) is in its field.
    const endBurst = () => release();
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('pointerdown', endBurst, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('pointerdown', endBurst, true);
      release();
    };
  }, [enabled, keyTime]);
}
