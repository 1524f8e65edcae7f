/**
 * Whether `promise` settles (either way) within `ms`: a test of something
 * that must not wait for ever, which fails in `ms` instead of at Jest's
 * time-out. Apart from helpers.ts, so a unit test loads nothing else.
 */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
