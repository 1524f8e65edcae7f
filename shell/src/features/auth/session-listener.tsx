import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify, onSessionEnd } from '@panel/shared';

/**
 * The API slice announces a 401/403 after clearing storage (the store drops
 * the old session's cached data on the same announcement, see
 * store-loader); here the user is sent on (spec section 2). The page whose call failed is
 * gone with the cache, so the reason is told here, in a toast: the container
 * lives above the routes, so it stays up through /home and on to the login
 * page, where a user without a token lands.
 */
export function SessionListener() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionEnd(({ redirectTo, text }) => {
        notify.error(text);
        navigate(redirectTo, { replace: true });
      }),
    [navigate],
  );
  return null;
}
