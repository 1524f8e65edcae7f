import { useEffect, useState } from 'react';
import { type ContainerTypes, type Loan, notify } from '@panel/shared';
import { LostBody } from '@panel/shared/contract';
import { PAGE_MESSAGES, ReasonDialog, reasonDialogClasses } from '@panel/shared/page-ui';

import { useWriteOffDashboardLoanMutation } from '../api/write-off-lost';
import { codesOut } from '../utils/loan-containers';
import styles from './loans.module.css';

const TEXT = PAGE_MESSAGES.loanWorklist;

interface LostDialogProps {
  /** The loan whose containers are written off; null when the dialog is closed. */
  loan: Loan | null;
  types: ContainerTypes | undefined;
  onClose: () => void;
}

/**
 * "Lost": which of the loan's containers still out are lost, and why (a
 * common reason or the shop's own words), both required.
 */
export function LostDialog({ loan, types, onClose }: LostDialogProps) {
  const [writeOff, { isLoading }] = useWriteOffDashboardLoanMutation();
  const out = loan ? codesOut(loan) : [];
  const [codes, setCodes] = useState<string[]>([]);

  useEffect(() => {
    if (loan) setCodes(codesOut(loan));
  }, [loan]);

  const confirm = async (reason: string) => {
    if (!loan) return;
    // A failed call is said in the dialog, through the form helper.
    await writeOff({ id: loan.id, codes, reason }).unwrap();
    notify.success(TEXT.lostDone(codes.length));
    onClose();
  };

  const toggle = (code: string, checked: boolean) =>
    setCodes((now) => (checked ? [...now, code] : now.filter((c) => c !== code)));
  const typeOf = (code: string) => {
    const type = loan?.containers.find((c) => c.code === code)?.container_type ?? '';
    return types?.[type] ?? type;
  };

  return (
    <ReasonDialog
      open={loan !== null}
      title={loan ? TEXT.lostTitle(loan.client) : ''}
      legend={TEXT.lostReasonLegend}
      reasons={TEXT.lostReasons}
      otherLabel={TEXT.lostOtherReason}
      requiredText={TEXT.lostReasonRequired}
      reasonSchema={LostBody.properties.reason}
      confirmLabel={TEXT.lostConfirm}
      cancelLabel={TEXT.lostCancel}
      busy={isLoading}
      problem={() => (codes.length === 0 ? TEXT.lostCodesRequired : null)}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset className={reasonDialogClasses.fieldset}>
        <legend>{TEXT.lostCodesLegend}</legend>
        {out.map((code) => (
          <label key={code} className={reasonDialogClasses.option}>
            <input
              type="checkbox"
              checked={codes.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
            />
            <span>
              {code} <span className={styles.types}>{typeOf(code)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </ReasonDialog>
  );
}
