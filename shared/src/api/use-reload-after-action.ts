import { useEffect, useState } from 'react';

/**
 * True while a list's own action is in flight and then until the reload it
 * caused has ended (spec section 4: a second action waits for "a change, or
 * the reload that follows one"). A reload that a live event caused alone
 * never counts: other shops and staff change things all day, and a button
 * taken away under the user's pointer swallows the click.
 *
 * RTK Query starts the invalidated list's refetch in the same dispatch that
 * ends the mutation, so `fetching` is already true on the render where
 * `acting` turns false.
 */
export function useReloadAfterAction(acting: boolean, fetching: boolean): boolean {
  const [awaitingReload, setAwaitingReload] = useState(false);
  // Set during render (React's pattern for state derived from props), so the
  // render that starts the action already counts it.
  if (acting && !awaitingReload) setAwaitingReload(true);
  useEffect(() => {
    if (!acting && !fetching) setAwaitingReload(false);
  }, [acting, fetching]);
  return acting || (awaitingReload && fetching);
}
