import type { ReactNode } from 'react';
import { type ApiError } from '@panel/shared';
import { ErrorState, Panel } from '@panel/shared/page-ui';

import styles from './dashboard.module.css';

interface TotalsRowProps {
  /** The load of the figures failed: the row shows why, with Retry. */
  error: ApiError | undefined;
  errorTitle: string;
  onRetry: () => void;
  /** The figures' StatCards. */
  children: ReactNode;
}

/** The dashboard's row of figures, or the error that kept them from loading. */
export function TotalsRow({ error, errorTitle, onRetry, children }: TotalsRowProps) {
  if (error) {
    return (
      <Panel title="Totals">
        <ErrorState title={errorTitle} error={error} onRetry={onRetry} />
      </Panel>
    );
  }
  return <div className={styles.stats}>{children}</div>;
}
