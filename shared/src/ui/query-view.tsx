import type { ReactNode } from 'react';
import type { ApiError } from '../api/describe-error';

import { ErrorState } from './error-state';
import { Skeleton } from './skeleton';

interface QueryViewProps<T> {
  data: T | undefined;
  error: ApiError;
  /** False during the spec's loading delay: keep the skeleton even if data is in. */
  ready?: boolean;
  errorTitle: string;
  onRetry: () => void;
  skeletonHeight?: number;
  /** A placeholder shaped like the content, instead of one grey block. */
  placeholder?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The three states every panel has: a skeleton while waiting, an error with
 * Retry when the call failed (never an endless spinner), else the content.
 */
export function QueryView<T>({
  data,
  error,
  ready = true,
  errorTitle,
  onRetry,
  skeletonHeight = 220,
  placeholder,
  children,
}: QueryViewProps<T>) {
  if (error) return <ErrorState title={errorTitle} error={error} onRetry={onRetry} />;
  if (!ready || data === undefined) {
    return <div aria-busy="true">{placeholder ?? <Skeleton height={skeletonHeight} />}</div>;
  }
  return <>{children(data)}</>;
}
