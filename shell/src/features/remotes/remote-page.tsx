import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { MESSAGES, Spinner, type Viewer } from '@panel/shared';

import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadRemotePage, loadedRemotePage, type RemotePageModule } from './remote-registry';
import styles from './remote-page.module.css';

interface RemotePageProps {
  remote: string;
  exposed: string;
  viewer: Viewer;
}

function versioned(remote: string, page: RemotePageModule): ComponentType {
  const Page = page.default;
  return function VersionedPage() {
    return (
      <div data-remote={remote} data-remote-version={page.remoteVersion ?? 'unknown'}>
        <Page />
      </div>
    );
  };
}

/**
 * A page already loaded (preloaded before rendering) is rendered as it is,
 * with no Suspense fallback on the way. Otherwise React.lazy; it remembers a
 * rejected load forever, so each Retry builds a fresh lazy component (keyed
 * by attempt) and re-registers the remote.
 */
function useRemoteComponent(remote: string, exposed: string, viewer: Viewer, attempt: number) {
  return useMemo(() => {
    const loaded = attempt === 0 ? loadedRemotePage(remote, exposed, viewer) : undefined;
    if (loaded) return versioned(remote, loaded);
    return lazy(async (): Promise<{ default: ComponentType }> => ({
      default: versioned(remote, await loadRemotePage(remote, exposed, viewer, attempt)),
    }));
  }, [remote, exposed, viewer, attempt]);
}

export function RemotePage({ remote, exposed, viewer }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = useRemoteComponent(remote, exposed, viewer, attempt);
  return (
    <RemoteErrorBoundary
      key={`${remote}${exposed}${attempt}`}
      onRetry={() => setAttempt((n) => n + 1)}
      fallback={(error, retry) => (
        <div className={styles.fallback} role="alert" data-remote-failed={remote}>
          <h2 className={styles.title}>{MESSAGES.remoteFailed}</h2>
          <p className={styles.detail}>{error.message}</p>
          <button type="button" className={styles.retry} onClick={retry}>
            {MESSAGES.retry}
          </button>
        </div>
      )}
    >
      <Suspense fallback={<Spinner label={`Loading ${remote}`} />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
