import styles from './placeholder-page.module.css';

/**
 * Clearly marked stand-in for a screen whose remote is deployed but whose
 * feature is not built yet, so routing and rollout can be exercised end to end.
 */
export function PlaceholderPage({ title, remote }: { title: string; remote: string }) {
  return (
    <section className={styles.page} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p className={styles.badge}>Placeholder</p>
      <p>
        This screen is served by <code>{remote}</code> and is not built yet.
      </p>
    </section>
  );
}
