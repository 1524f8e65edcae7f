import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { MESSAGES, PATHS, withoutTrailingSlashes } from '@panel/shared';

import styles from './auth-layout.module.css';

const TABS = [
  { label: 'Login', to: PATHS.login },
  { label: 'Register', to: PATHS.register },
] as const;

/** '/auth/login/' and '/auth/login' are the same page (spec section 2). */
export function isSamePath(pathname: string, target: string): boolean {
  const strip = (path: string) => withoutTrailingSlashes(path).toLowerCase();
  return strip(pathname) === strip(target);
}

interface AuthLayoutProps {
  /** Visible heading of the card, also the page's accessible name. */
  title: string;
  children: ReactNode;
}

/**
 * The full-screen frame of every /auth/ page: the brand side with the slogan
 * and a card with the Login/Register tabs. The shell draws nothing around
 * auth pages, so this is all the user sees.
 */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  const { pathname } = useLocation();
  return (
    <div className={styles.screen}>
      <header className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">
          ♻
        </span>
        <p className={styles.product}>Reusable packaging panel</p>
        <p className={styles.slogan}>{MESSAGES.slogan}</p>
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="auth-title">
          <nav className={styles.tabs} aria-label="Account">
            {TABS.map((tab) => {
              const active = isSamePath(pathname, tab.to);
              return (
                <Link
                  key={tab.to}
                  to={tab.to}
                  className={active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                  aria-current={active ? 'page' : undefined}
                >
                  {tab.label}
                </Link>
              );
            })}
          </nav>
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
