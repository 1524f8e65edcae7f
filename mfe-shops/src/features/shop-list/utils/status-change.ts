import { MESSAGES, type ShopStatus } from '@panel/shared';

export const STATUS_TEXTS: Record<
  ShopStatus,
  { refused: string; done: string; failedPrefix: string }
> = {
  active: {
    refused: MESSAGES.shopAlreadyActive,
    done: MESSAGES.shopActivated,
    failedPrefix: MESSAGES.shopActivationFailedPrefix,
  },
  inactive: {
    refused: MESSAGES.shopAlreadyInactive,
    done: MESSAGES.shopDeactivated,
    failedPrefix: MESSAGES.shopDeactivationFailedPrefix,
  },
};

/**
 * Spec section 4: a shop may move to a status only when it is not already in
 * it and nothing is in flight (a change, or the reload that follows one).
 */
export function canChangeStatus(current: ShopStatus, next: ShopStatus, busy: boolean): boolean {
  return current !== next && !busy;
}
