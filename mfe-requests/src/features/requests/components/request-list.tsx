import { MESSAGES, panelStyles, type RequestStatus, type Role } from '@panel/shared';
import { PAGE_SIZES, useReloadAfterAction } from '@panel/shared/data';
import {
  EmptyState,
  ErrorState,
  Skeleton,
  useErrorToast,
  PAGE_MESSAGES,
} from '@panel/shared/page-ui';

import { useCallback, useState } from 'react';

import { useGetRequestContainerTypesQuery } from '../api/get-container-types';
import { useGetRequestsInfiniteQuery } from '../api/get-requests';
import { useGetWarehouseStockQuery } from '../api/get-warehouse-stock';
import { useRequestCancel } from '../hooks/use-request-cancel';
import { useRequestDecision, type Decision } from '../hooks/use-request-decision';
import { useRequestMark } from '../hooks/use-request-mark';
import { ConfirmDialog } from './confirm-dialog';
import { ApproveDialog, DenyDialog } from './decision-dialogs';
import { RequestCard } from './request-card';
import styles from './requests.module.css';

const EMPTY: Record<RequestStatus, string> = {
  PENDING: MESSAGES.noPendingRequests,
  APPROVED: MESSAGES.noAcceptedRequests,
  DENIED: MESSAGES.noDeniedRequests,
  CANCELLED: PAGE_MESSAGES.followUp.noCancelledRequests,
};

const NOUN: Record<RequestStatus, string> = {
  PENDING: 'pending',
  APPROVED: 'accepted',
  DENIED: 'denied',
  CANCELLED: 'cancelled',
};

interface RequestListProps {
  status: RequestStatus;
  role: Role;
  shopId: number | null;
  /** A request to bring into view and mark (the sent toast's link), or null. */
  shown: number | null;
}

/**
 * One tab's cards, newest first, a page at a time with "Load more": the
 * first cards show as soon as the first page arrives however long the list.
 */
export function RequestList({ status, role, shopId, shown }: RequestListProps) {
  const list = useGetRequestsInfiniteQuery({ status, shopId: role === 'shop' ? shopId : null });
  const types = useGetRequestContainerTypesQuery().data;
  // The super admin decides with the warehouse in view; shops are never sent it.
  const warehouse = useGetWarehouseStockQuery(undefined, {
    skip: role !== 'provider' || status !== 'PENDING',
  }).data;
  const { decide, busyId } = useRequestDecision();
  const { mark, markingId } = useRequestMark();
  const cancelling = useRequestCancel();
  // Accept and Deny open their dialog first; the dialog sends the decision.
  const [deciding, setDeciding] = useState<{ id: number; decision: Decision } | null>(null);
  const ask = useCallback((id: number, decision: Decision) => setDeciding({ id, decision }), []);
  const closeDecision = useCallback(() => setDeciding(null), []);
  // The list read again from its start (not "Load more"): a live event's, or an action's.
  const reloading = list.isFetching && !list.isFetchingNextPage;
  // One action at a time, and none until the reload it caused shows its outcome.
  const settling = useReloadAfterAction(
    busyId !== null || markingId !== null || cancelling.cancelling,
    reloading,
  );
  useErrorToast(list.error, MESSAGES.loadFailedPrefix);

  const pages = list.data?.pages;
  const label = `${NOUN[status]} requests`;

  if (list.error && !pages) {
    return (
      <ErrorState
        title={`Could not load the ${label}`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (!pages) {
    return (
      <div aria-busy="true" role="status">
        <span className={panelStyles.srOnly}>Loading {label}</span>
        <div className={styles.grid}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={180} />
          ))}
        </div>
      </div>
    );
  }

  const requests = pages.flatMap((page) => page.items);
  const total = pages[pages.length - 1]?.total ?? requests.length;
  if (requests.length === 0) return <EmptyState title={EMPTY[status]} />;

  const decided = deciding ? requests.find((r) => r.id === deciding.id) : undefined;
  const DecisionDialog = deciding?.decision === 'deny' ? DenyDialog : ApproveDialog;
  return (
    <>
      <ul
        className={`${styles.grid} ${reloading ? styles.stale : ''}`}
        aria-label={label}
        aria-busy={list.isFetching}
      >
        {requests.map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            role={role}
            types={types}
            warehouse={warehouse}
            blocked={settling}
            busy={busyId === request.id || markingId === request.id}
            shown={shown === request.id}
            onDecide={ask}
            onCancel={cancelling.ask}
            onMark={mark}
          />
        ))}
      </ul>
      {deciding && decided ? (
        <DecisionDialog
          key={`${deciding.decision}-${deciding.id}`}
          request={decided}
          types={types}
          warehouse={warehouse}
          busy={busyId !== null}
          onConfirm={async (details) => {
            if (await decide(deciding.id, deciding.decision, details)) setDeciding(null);
          }}
          onClose={closeDecision}
        />
      ) : null}
      <ConfirmDialog
        open={cancelling.asked !== null}
        title={PAGE_MESSAGES.followUp.confirmCancelTitle}
        confirmLabel={PAGE_MESSAGES.followUp.confirmCancelYes}
        closeLabel={PAGE_MESSAGES.followUp.confirmCancelNo}
        busy={cancelling.cancelling}
        onConfirm={() => void cancelling.confirm()}
        onClose={cancelling.close}
      >
        <p>{PAGE_MESSAGES.followUp.confirmCancelText}</p>
      </ConfirmDialog>
      <div className={styles.more}>
        <p className={styles.hint} aria-live="polite">
          Showing {requests.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')}{' '}
          {label}
        </p>
        {list.error ? (
          <ErrorState
            title="Could not load more requests"
            error={list.error}
            onRetry={() => void list.fetchNextPage()}
          />
        ) : list.hasNextPage ? (
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage
              ? 'Loading…'
              : `${MESSAGES.loadMoreRequests} (${Math.min(PAGE_SIZES.requests, total - requests.length)})`}
          </button>
        ) : null}
      </div>
    </>
  );
}
