import { useRef } from 'react';
import {
  type ApiError,
  describeError,
  notify,
  type Shop,
  type ShopStatus,
  useChangeShopStatusMutation,
} from '@panel/shared';

import { canChangeStatus, STATUS_TEXTS } from '../utils/status-change';

/**
 * Activate/Deactivate with the spec's rules (section 4) and texts (section 8).
 * `reloading` is the list's own refetch after a change: a click meanwhile is
 * refused like one during the change itself. The ref closes the gap between
 * a click and the mutation's state reaching the next render.
 */
export function useShopStatusChange(reloading: boolean) {
  const [changeStatus, { isLoading: changing }] = useChangeShopStatusMutation();
  const inFlight = useRef(false);

  return async function change(shop: Shop, next: ShopStatus): Promise<void> {
    const texts = STATUS_TEXTS[next];
    if (!canChangeStatus(shop.status, next, inFlight.current || changing || reloading)) {
      notify.info(texts.refused);
      return;
    }
    inFlight.current = true;
    try {
      await changeStatus({ shop: shop.id, new_status: next }).unwrap();
      notify.success(texts.done);
    } catch (failure) {
      notify.error(`${texts.failedPrefix}${describeError(failure as ApiError).text}`);
    } finally {
      inFlight.current = false;
    }
  };
}
