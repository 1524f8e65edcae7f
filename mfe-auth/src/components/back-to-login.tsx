import { Link } from 'react-router-dom';

import { PATHS } from '@panel/shared';

import styles from './form.module.css';

/** The way back from the password pages to the login form. */
export function BackToLogin() {
  return (
    <p className={styles.footer}>
      <Link className={styles.link} to={PATHS.login}>
        Back to login
      </Link>
    </p>
  );
}
