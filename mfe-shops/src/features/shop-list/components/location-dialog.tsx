import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { MAP, panelStyles, type Shop } from '@panel/shared';

import { LazyMap } from '../../../components/map/lazy-map';
import { shopLocation } from '../../../components/map/lat-lng';
import styles from './shop-list.module.css';

const MAP_HEIGHT_PX = 360;
const FOCUSABLE = 'a[href], button:not([disabled]), input, [tabindex]:not([tabindex="-1"])';

/**
 * The location pop-up (spec section 2): a modal dialog over a dimmed cover
 * that closes it on click, and on Escape. Focus moves in, stays in (Tab
 * wraps), and goes back to the button that opened it. A shop without
 * coordinates says so rather than pinning a point in the sea.
 */
export function LocationDialog({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const location = shopLocation(shop);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      opener?.focus();
    };
  }, [onClose]);

  function keepFocusInside(event: KeyboardEvent) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return createPortal(
    <div className={styles.overlay}>
      <div
        className={styles.cover}
        data-testid="dialog-cover"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={keepFocusInside}
      >
        <header className={styles.dialogHeader}>
          <h2 id={titleId}>Location of {shop.name}</h2>
          <button
            ref={closeButton}
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            onClick={onClose}
          >
            Close
          </button>
        </header>
        {location ? (
          <>
            <LazyMap
              centre={location}
              zoom={MAP.popupZoom}
              marker={location}
              label={`Map of ${shop.name}'s location`}
              height={MAP_HEIGHT_PX}
            />
            <p className={styles.coordinates}>
              Latitude {location[0]}, longitude {location[1]}
            </p>
          </>
        ) : (
          <p className={styles.noLocation}>{shop.name} has not set its location yet.</p>
        )}
      </div>
    </div>,
    document.body,
  );
}
