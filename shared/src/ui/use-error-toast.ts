import { useEffect } from 'react';

import { describeError, type ApiError } from '../api/describe-error';
import { notify } from './notify';

/** One toast per failed load: the spec's prefix plus the described error (section 8). */
export function useErrorToast(error: ApiError, prefix: string): void {
  useEffect(() => {
    if (error) notify.error(`${prefix}${describeError(error).text}`);
  }, [error, prefix]);
}
