import { ChangeShopStatusBody } from '../contract/shop';
import { SHOP_ADMIN_MESSAGES as TEXT } from '../config/shop-admin-messages';
import type { Shop } from '../types';
import { ReasonDialog } from './reason-dialog';

interface DeactivateDialogProps {
  /** The shop to deactivate; null while the dialog is closed. */
  shop: Shop | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Deactivate asks first, with a reason: a common one or the super admin's own words (issue 32). */
export function DeactivateDialog({ shop, busy, onConfirm, onClose }: DeactivateDialogProps) {
  return (
    <ReasonDialog
      open={shop !== null}
      title={shop ? TEXT.deactivateTitle(shop.name) : ''}
      intro={TEXT.deactivateIntro}
      legend={TEXT.deactivateReasonLegend}
      reasons={TEXT.deactivateReasons}
      otherLabel={TEXT.deactivateOtherReason}
      requiredText={TEXT.deactivateReasonRequired}
      reasonSchema={ChangeShopStatusBody.properties.reason}
      confirmLabel={TEXT.deactivateConfirm}
      cancelLabel={TEXT.deactivateCancel}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
