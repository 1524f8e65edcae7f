import { memo, useEffect, useRef } from 'react';
import {
  type ContainerRequest,
  type ContainerTypes,
  LAYOUT,
  MESSAGES,
  panelStyles,
  type Role,
} from '@panel/shared';
import { DECISION_MESSAGES, PAGE_MESSAGES, dayOf, monthDay } from '@panel/shared/page-ui';

import type { MarkRequestArgs } from '../api/mark-request';
import type { Decision } from '../hooks/use-request-decision';
import { BagIcon } from './bag-icon';
import styles from './requests.module.css';

interface RequestCardProps {
  request: ContainerRequest;
  role: Role;
  types: ContainerTypes | undefined;
  /** The provider's warehouse per type (super admin only), shown on pending cards. */
  warehouse: Record<string, number> | undefined;
  /** Accept/Deny are offered but blocked while an action or the reload it caused is under way. */
  blocked: boolean;
  busy: boolean;
  /** The card the address names (?request=): scrolled into view and marked. */
  shown: boolean;
  onDecide: (id: number, decision: Decision) => unknown;
  /** The shop's Cancel on its own Pending card: asks to confirm first. */
  onCancel: (id: number) => unknown;
  /** Mark sent (super admin) or received (shop) on an Accepted card. */
  onMark: (id: number, step: MarkRequestArgs['step']) => unknown;
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
  warehouse,
  blocked,
  busy,
  shown,
  onDecide,
  onCancel,
  onMark,
}: RequestCardProps) {
  const provider = role === 'provider';
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'center' });
  }, [shown]);
  const pending = request.status === 'PENDING';
  const date = pending ? monthDay(request.request_date) : dayOf(request.request_date);
  const label = `Request ${request.id}${provider ? ` of ${request.shop.name}` : ''}`;
  // Lines the warehouse cannot meet, marked before anyone clicks Accept.
  const stockInView = provider && pending && warehouse !== undefined;
  const short = (item: ContainerRequest['items'][number]) =>
    stockInView && (warehouse[item.container_type] ?? 0) < item.quantity;
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
          <li
            key={item.container_type}
            className={short(item) ? `${styles.item} ${styles.shortLine}` : styles.item}
          >
            <BagIcon />
            <span className={styles.quantity}>{item.quantity}</span>
            <span>{types?.[item.container_type] ?? item.container_type}</span>
            <LineNote
              item={item}
              status={request.status}
              warehouse={stockInView ? warehouse : undefined}
            />
          </li>
        ))}
      </ul>
      {stockInView && request.items.some(short) ? (
        <p className={styles.cannotMeet}>{DECISION_MESSAGES.cannotMeet}</p>
      ) : null}
      {request.status === 'DENIED' && request.explanation ? (
        <p className={styles.explanation}>
          <strong>{DECISION_MESSAGES.deniedBecause}</strong> {request.explanation}
        </p>
      ) : null}
      {request.status === 'APPROVED' ? <Lifecycle request={request} /> : null}
      <div className={styles.cardFoot}>
        <CardFooter
          request={request}
          provider={provider}
          blocked={blocked}
          onDecide={onDecide}
          onCancel={onCancel}
          onMark={onMark}
        />
      </div>
    </li>
  );
});

/** Beside a line: the warehouse's stock while pending, or the approved count when fewer than asked. */
function LineNote({
  item,
  status,
  warehouse,
}: {
  item: ContainerRequest['items'][number];
  status: ContainerRequest['status'];
  warehouse: Record<string, number> | undefined;
}) {
  if (warehouse) {
    const held = warehouse[item.container_type] ?? 0;
    return held < item.quantity ? (
      <span className={`${styles.lineNote} ${styles.shortTag}`}>
        {DECISION_MESSAGES.warehouseShort(held)}
      </span>
    ) : (
      <span className={styles.lineNote}>{DECISION_MESSAGES.warehouseHas(held)}</span>
    );
  }
  if (status === 'APPROVED' && item.approved !== null && item.approved !== item.quantity) {
    return (
      <span className={`${styles.lineNote} ${styles.shortTag}`}>
        {DECISION_MESSAGES.approvedOf(item.approved, item.quantity)}
      </span>
    );
  }
  return null;
}

/** An approved request's dates: decided, then sent by the provider and received by the shop. */
function Lifecycle({ request }: { request: ContainerRequest }) {
  const steps = [
    [DECISION_MESSAGES.decidedOn, request.decided_at],
    [DECISION_MESSAGES.sentOn, request.sent_at],
    [DECISION_MESSAGES.receivedOn, request.received_at],
  ] as const;
  return (
    <dl className={styles.lifecycle}>
      {steps.map(([name, at]) =>
        at ? (
          <div key={name}>
            <dt>{name}</dt>
            <dd>
              <time dateTime={at}>{dayOf(at)}</time>
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

function CardFooter({
  request,
  provider,
  blocked,
  onDecide,
  onCancel,
  onMark,
}: {
  request: ContainerRequest;
  provider: boolean;
  blocked: boolean;
  onDecide: (id: number, decision: Decision) => unknown;
  onCancel: (id: number) => unknown;
  onMark: (id: number, step: MarkRequestArgs['step']) => unknown;
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
    const step = provider ? 'sent' : 'received';
    const done = provider ? request.sent_at : request.received_at;
    return (
      <>
        {provider ? (
          <span className={`${styles.label} ${styles.labelAccepted}`}>
            {MESSAGES.requestAcceptedLabel}
          </span>
        ) : (
          <button
            type="button"
            className={`${panelStyles.button} ${styles.acceptedButton}`}
            disabled
          >
            {MESSAGES.requestAcceptedLabel}
          </button>
        )}
        {done ? null : (
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={blocked}
            onClick={() => void onMark(request.id, step)}
          >
            {provider ? DECISION_MESSAGES.markSent : DECISION_MESSAGES.markReceived}
          </button>
        )}
      </>
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
