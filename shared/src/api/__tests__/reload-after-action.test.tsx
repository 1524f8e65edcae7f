import { renderHook } from '@testing-library/react';

import { useReloadAfterAction } from '../use-reload-after-action';

function track() {
  return renderHook(({ acting, fetching }) => useReloadAfterAction(acting, fetching), {
    initialProps: { acting: false, fetching: false },
  });
}

describe('useReloadAfterAction', () => {
  it('holds from the action to the end of the reload it caused', () => {
    const { result, rerender } = track();
    expect(result.current).toBe(false);
    rerender({ acting: true, fetching: false });
    expect(result.current).toBe(true);
    // The mutation ends in the dispatch that starts the list's refetch.
    rerender({ acting: false, fetching: true });
    expect(result.current).toBe(true);
    rerender({ acting: false, fetching: false });
    expect(result.current).toBe(false);
  });

  it('ignores a reload that no action of this list caused', () => {
    const { result, rerender } = track();
    rerender({ acting: false, fetching: true });
    expect(result.current).toBe(false);
    rerender({ acting: false, fetching: false });
    expect(result.current).toBe(false);
  });

  it('lets go after a failed action, which reloads nothing', () => {
    const { result, rerender } = track();
    rerender({ acting: true, fetching: false });
    rerender({ acting: false, fetching: false });
    expect(result.current).toBe(false);
    // A live reload afterwards is not the action's.
    rerender({ acting: false, fetching: true });
    expect(result.current).toBe(false);
  });
});
