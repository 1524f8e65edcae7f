import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { MESSAGES, Spinner, type Viewer } from '@panel/shared';

import { reportPageView } from './load-reports';
import { RemoteErrorBoundary } from './remote-error-boundary';
import {
  loadRemotePage,
  loadedRemotePage,
  releaseVersionOf,
  type RemotePageModule,
} from './remote-registry';
import styles from './remote-page.module.css';

type PageView = ReturnType<typeof reportPageView>;

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
/** A failed download of the page, told apart from a page that throws, for the load reports. */
class RemoteLoadError extends Error {}

function useRemoteComponent(remote: string, exposed: string, viewer: Viewer, attempt: number) {
  return useMemo(() => {
    const loaded = attempt === 0 ? loadedRemotePage(remote, exposed, viewer) : undefined;
    if (loaded) return versioned(remote, loaded);
    return lazy(async (): Promise<{ default: ComponentType }> => {
      try {
        return {
          default: versioned(remote, await loadRemotePage(remote, exposed, viewer, attempt)),
        };
      } catch (error) {
        throw new RemoteLoadError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    });
  }, [remote, exposed, viewer, attempt]);
}

export function RemotePage({ remote, exposed, viewer }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const view = useRef<PageView | null>(null);
  const Page = useRemoteComponent(remote, exposed, viewer, attempt);
  // Each page shown (and each Retry) is one page view in the release
  // controller's load reports; a promise rejected unhandled while the page is
  // open counts against its version.
  // A page that throws in its first render is caught before this effect
  // runs, so whichever comes first opens the page view.
  const pageView = () => (view.current ??= reportPageView(remote, releaseVersionOf(remote)));
  useEffect(() => {
    pageView();
    const onRejection = () => view.current?.fail('rejection');
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('unhandledrejection', onRejection);
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one page view per page and attempt
  }, [remote, exposed, attempt]);
  return (
    <RemoteErrorBoundary
      key={`${remote}${exposed}${attempt}`}
      onRetry={() => setAttempt((n) => n + 1)}
      onError={(error) => pageView().fail(error instanceof RemoteLoadError ? 'load' : 'render')}
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
