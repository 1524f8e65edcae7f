import type { CSSProperties } from 'react';

import styles from './panel-ui.module.css';

/** A shimmering placeholder block; hidden from assistive tech, which hears the busy region instead. */
export function Skeleton({
  width = '100%',
  height = 16,
  style,
}: {
  width?: number | string;
  height?: number | string;
  style?: CSSProperties;
}) {
  return (
    <span className={styles.skeleton} style={{ width, height, ...style }} aria-hidden="true" />
  );
}
