import { useId, useState } from 'react';
import type { ContainerRequest, ContainerTypes } from '@panel/shared';
import { DecisionBody } from '@panel/shared/contract';
import { DECISION_MESSAGES as T, ReasonDialog } from '@panel/shared/page-ui';

import type { DecisionDetails } from '../hooks/use-request-decision';
import { ConfirmDialog } from './confirm-dialog';
import styles from './requests.module.css';

interface DecisionDialogProps {
  request: ContainerRequest;
  types: ContainerTypes | undefined;
  busy: boolean;
  onConfirm: (details: DecisionDetails) => unknown;
  onClose: () => void;
}

/** What to propose per line: all that was asked, or what the warehouse has when less. */
export function proposedCounts(
  request: ContainerRequest,
  warehouse: Record<string, number> | undefined,
): number[] {
  return request.items.map((item) =>
    warehouse ? Math.min(item.quantity, warehouse[item.container_type] ?? 0) : item.quantity,
  );
}

/**
 * Accept, confirmed first (docs/decisions.md: confirmed, not undone): a
 * line per type with what was asked, what the warehouse holds, and how many
 * to approve, at most what was asked, down to 0 on a line. Lines the
 * warehouse cannot meet are marked and proposed at what it has.
 */
export function ApproveDialog({
  request,
  types,
  warehouse,
  busy,
  onConfirm,
  onClose,
}: DecisionDialogProps & { warehouse: Record<string, number> | undefined }) {
  const [counts, setCounts] = useState(() => proposedCounts(request, warehouse).map(String));
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const confirm = () => {
    const parsed = counts.map((text, i) => {
      const most = request.items[i]?.quantity ?? 0;
      const n = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
      return n <= most ? n : NaN;
    });
    const bad = parsed.findIndex((n) => Number.isNaN(n));
    if (bad >= 0) {
      setError(T.quantityInvalid(request.items[bad]?.quantity ?? 0));
      return;
    }
    if (parsed.every((n) => n === 0)) {
      setError(T.nothingApproved);
      return;
    }
    setError(null);
    const whole = parsed.every((n, i) => n === request.items[i]?.quantity);
    // The whole request is the spec's exact call; only a partial one sends counts.
    onConfirm(whole ? {} : { quantities: parsed });
  };

  return (
    <ConfirmDialog
      open
      title={T.approveTitle}
      confirmLabel={T.approveConfirm}
      closeLabel={T.back}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className={styles.dialogHint}>{T.approveHint}</p>
      <table className={styles.decisionTable}>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">{T.asked}</th>
            <th scope="col">{T.inWarehouse}</th>
            <th scope="col">{T.toApprove}</th>
          </tr>
        </thead>
        <tbody>
          {request.items.map((item, i) => {
            const label = types?.[item.container_type] ?? item.container_type;
            const held = warehouse?.[item.container_type];
            const short = held !== undefined && held < item.quantity;
            return (
              <tr key={item.container_type} className={short ? styles.shortLine : undefined}>
                <th scope="row">{label}</th>
                <td>{item.quantity}</td>
                <td>
                  {held === undefined ? '–' : held.toLocaleString('en-US')}
                  {short ? <span className={styles.shortTag}> {T.short}</span> : null}
                </td>
                <td>
                  <input
                    className={styles.countInput}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={item.quantity}
                    step={1}
                    aria-label={`${T.toApprove} ${label}`}
                    aria-invalid={error !== null || undefined}
                    aria-describedby={error ? errorId : undefined}
                    value={counts[i] ?? ''}
                    disabled={busy}
                    onChange={(event) => {
                      const next = [...counts];
                      next[i] = event.target.value;
                      setCounts(next);
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {warehouse ? null : <p className={styles.dialogHint}>{T.warehouseUnknown}</p>}
      {error ? (
        <p id={errorId} className={styles.dialogError} role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * Deny, confirmed with a reason the shop reads on its card: one of the
 * common ones, or the super admin's own words. The panel requires one; the
 * API also takes the spec's call without.
 */
export function DenyDialog({ busy, onConfirm, onClose }: DecisionDialogProps) {
  return (
    <ReasonDialog
      open
      title={T.denyTitle}
      intro={T.denyHint}
      legend={T.reasonLegend}
      reasons={T.reasons}
      otherLabel={T.otherReason}
      otherInputLabel={T.otherReasonLabel}
      requiredText={T.reasonRequired}
      reasonSchema={DecisionBody.properties.explanation}
      confirmLabel={T.denyConfirm}
      cancelLabel={T.back}
      danger
      busy={busy}
      onConfirm={(explanation) => onConfirm({ explanation })}
      onClose={onClose}
    />
  );
}
