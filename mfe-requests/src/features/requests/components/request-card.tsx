import { memo, useEffect, useRef } from 'react';
import {
  type ContainerRequest,
  type ContainerTypes,
  LAYOUT,
  MESSAGES,
  panelStyles,
  type Role,
} from '@panel/shared';
import { PAGE_MESSAGES, dayOf, monthDay } from '@panel/shared/page-ui';

import type { Decision } from '../hooks/use-request-decision';
import { BagIcon } from './bag-icon';
import styles from './requests.module.css';

interface RequestCardProps {
  request: ContainerRequest;
  role: Role;
  types: ContainerTypes | undefined;
  /** Accept/Deny are offered but blocked while any decision or reload is under way. */
  blocked: boolean;
  busy: boolean;
  /** The card the address names (?request=): scrolled into view and marked. */
  shown: boolean;
  onDecide: (id: number, decision: Decision) => unknown;
  /** The shop's Cancel on its own Pending card: asks to confirm first. */
  onCancel: (id: number) => unknown;
}

/**
 * One request (spec section 2): the shop's name for the super admin only,
 * the date (month and day while pending, with the year when not this one;
 * YYYY-MM-DD once decided), a line per item, and a footer that depends on
 * the status and the viewer.
 */
export const RequestCard = memo(function RequestCard({
  request,
  role,
  types,
  blocked,
  busy,
  shown,
  onDecide,
  onCancel,
}: RequestCardProps) {
  const provider = role === 'provider';
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'center' });
  }, [shown]);
  const pending = request.status === 'PENDING';
  const date = pending ? monthDay(request.request_date) : dayOf(request.request_date);
  const label = `Request ${request.id}${provider ? ` of ${request.shop.name}` : ''}`;
  return (
    <li
      ref={ref}
      className={shown ? `${styles.card} ${styles.cardShown}` : styles.card}
      aria-label={label}
      aria-busy={busy || undefined}
      aria-current={shown || undefined}
    >
      <div className={styles.cardHead}>
        {provider ? <h3 className={styles.shopName}>{request.shop.name}</h3> : null}
        <time className={styles.date} dateTime={request.request_date}>
          {date}
        </time>
      </div>
      <ul
        className={styles.items}
        style={{ maxHeight: LAYOUT.requestCardItemsMaxHeightPx }}
        aria-label="Items"
      >
        {request.items.map((item) => (
          <li key={item.container_type} className={styles.item}>
            <BagIcon />
            <span className={styles.quantity}>{item.quantity}</span>
            <span>{types?.[item.container_type] ?? item.container_type}</span>
          </li>
        ))}
      </ul>
      <div className={styles.cardFoot}>
        <CardFooter
          request={request}
          provider={provider}
          blocked={blocked}
          onDecide={onDecide}
          onCancel={onCancel}
        />
      </div>
    </li>
  );
});

function CardFooter({
  request,
  provider,
  blocked,
  onDecide,
  onCancel,
}: {
  request: ContainerRequest;
  provider: boolean;
  blocked: boolean;
  onDecide: (id: number, decision: Decision) => unknown;
  onCancel: (id: number) => unknown;
}) {
  if (request.status === 'CANCELLED') {
    return (
      <span className={`${styles.label} ${styles.labelCancelled}`}>
        {PAGE_MESSAGES.followUp.cancelledLabel}
      </span>
    );
  }
  if (request.status === 'PENDING') {
    if (!provider) {
      return (
        <>
          <span className={`${styles.label} ${styles.labelPending}`}>
            {MESSAGES.requestPendingLabel}
          </span>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={blocked}
            onClick={() => void onCancel(request.id)}
          >
            {PAGE_MESSAGES.followUp.cancelRequest}
          </button>
        </>
      );
    }
    return (
      <>
        <button
          type="button"
          className={panelStyles.button}
          disabled={blocked}
          onClick={() => void onDecide(request.id, 'approve')}
        >
          {MESSAGES.requestAccept}
        </button>
        <button
          type="button"
          className={`${panelStyles.button} ${styles.deny}`}
          disabled={blocked}
          onClick={() => void onDecide(request.id, 'deny')}
        >
          {MESSAGES.requestDeny}
        </button>
      </>
    );
  }
  if (request.status === 'APPROVED') {
    // The spec gives the shop an "Accepted button" that does nothing: a
    // disabled button, so assistive tech reads a button, as it does the
    // super admin's Denied one.
    return provider ? (
      <span className={`${styles.label} ${styles.labelAccepted}`}>
        {MESSAGES.requestAcceptedLabel}
      </span>
    ) : (
      <button type="button" className={`${panelStyles.button} ${styles.acceptedButton}`} disabled>
        {MESSAGES.requestAcceptedLabel}
      </button>
    );
  }
  return provider ? (
    <button type="button" className={`${panelStyles.button} ${styles.inactive}`} disabled>
      {MESSAGES.requestDeniedLabel}
    </button>
  ) : (
    <span className={`${styles.label} ${styles.labelDenied}`}>{MESSAGES.requestDeniedLabel}</span>
  );
}
