import { useRef, useState } from 'react';

import {
  describeError,
  MESSAGES,
  notify,
  type ApiError,
  type Shop,
  type ShopStatus,
} from '@panel/shared';
import { useReloadAfterAction } from '../use-reload-after-action';
import { useChangeShopStatusMutation } from './change-shop-status';

const STATUS_TEXTS: Record<ShopStatus, { refused: string; done: string; failedPrefix: string }> = {
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

/**
 * Activate/Deactivate with the spec's rules (section 4) and texts (section 8),
 * for every list that offers them (the dashboard's New Shops, the Shop List).
 * `fetching` is the list's refetch: the one that follows a change refuses a
 * click like the change itself; one a live event caused alone does not. The ref closes the gap between
 * a click and the mutation's state reaching the next render. `busy` is for
 * showing the buttons as unable to act (aria-disabled) meanwhile.
 *
 * Deactivating asks first, with a reason (issue 32): `change(shop,
 * 'inactive')` only names the shop in `deactivating`, for the list's
 * DeactivateDialog, whose answer goes to `confirmDeactivate` or
 * `cancelDeactivate`.
 */
export function useShopStatusChange(fetching: boolean) {
  const [changeStatus, { isLoading: changing }] = useChangeShopStatusMutation();
  const settling = useReloadAfterAction(changing, fetching);
  const inFlight = useRef(false);
  const [deactivating, setDeactivating] = useState<Shop | null>(null);

  async function send(shop: Shop, next: ShopStatus, reason?: string): Promise<boolean> {
    const texts = STATUS_TEXTS[next];
    inFlight.current = true;
    try {
      await changeStatus({ shop: shop.id, new_status: next, reason }).unwrap();
      notify.success(texts.done);
      return true;
    } catch (failure) {
      notify.error(`${texts.failedPrefix}${describeError(failure as ApiError).text}`);
      return false;
    } finally {
      inFlight.current = false;
    }
  }

  async function change(shop: Shop, next: ShopStatus): Promise<void> {
    if (!canChangeStatus(shop.status, next, inFlight.current || settling)) {
      notify.info(STATUS_TEXTS[next].refused);
      return;
    }
    if (next === 'inactive') setDeactivating(shop);
    else await send(shop, next);
  }

  async function confirmDeactivate(reason: string): Promise<void> {
    if (!deactivating || inFlight.current) return;
    if (await send(deactivating, 'inactive', reason)) setDeactivating(null);
  }

  return {
    change,
    busy: settling,
    changing,
    deactivating,
    confirmDeactivate,
    cancelDeactivate: () => setDeactivating(null),
  };
}
