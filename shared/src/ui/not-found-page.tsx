import { Link } from 'react-router-dom';

import { MESSAGES } from '../config/messages';
import { PATHS } from '../config/routes';
import styles from './not-found-page.module.css';

/** The catch-all page; also what a role sees on a route that is not its own. */
export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.code}>
        404
      </h1>
      <p className={styles.text}>This page does not exist.</p>
      <Link className={styles.link} to={PATHS.home}>
        {MESSAGES.backToHome}
      </Link>
    </section>
  );
}
