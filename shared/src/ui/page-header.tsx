import styles from './panel-ui.module.css';

export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className={styles.pageHeader}>
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </header>
  );
}
