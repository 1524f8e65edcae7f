import { useId, type ReactNode } from 'react';

import styles from './panel-ui.module.css';

interface PanelProps {
  title: string;
  subtitle?: string;
  className?: string;
  children: ReactNode;
}

/** A white dashboard card with a heading; the heading names the region for assistive tech. */
export function Panel({ title, subtitle, className, children }: PanelProps) {
  const id = useId();
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className={styles.panelHeader}>
        <h2 id={id}>{title}</h2>
        {subtitle ? <p>{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}
