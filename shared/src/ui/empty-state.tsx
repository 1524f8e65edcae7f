import type { ReactNode } from 'react';

import styles from './panel-ui.module.css';

/** The spec's empty text, followed by what the user can do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <strong>{title}</strong>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
