import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { MESSAGES, Spinner, type Viewer } from '@panel/shared';

import { reportPageView } from './load-reports';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadRemotePage, releaseVersionOf } from './remote-registry';
import styles from './remote-page.module.css';

type PageView = ReturnType<typeof reportPageView>;

interface RemotePageProps {
  remote: string;
  exposed: string;
  viewer: Viewer;
}

/**
 * React.lazy remembers a rejected load forever, so each Retry builds a fresh
 * lazy component (keyed by attempt) and re-registers the remote.
 */
function useRemoteComponent(
  remote: string,
  exposed: string,
  viewer: Viewer,
  attempt: number,
  view: RefObject<PageView | null>,
) {
  return useMemo(
    () =>
      lazy(async (): Promise<{ default: ComponentType }> => {
        // Each load is one page view in the release controller's load reports.
        const report = reportPageView(remote, releaseVersionOf(remote));
        view.current = report;
        const page = await loadRemotePage(remote, exposed, viewer, attempt).catch(
          (error: unknown) => {
            report.fail('load');
            throw error;
          },
        );
        const Page = page.default;
        function VersionedPage() {
          return (
            <div data-remote={remote} data-remote-version={page.remoteVersion ?? 'unknown'}>
              <Page />
            </div>
          );
        }
        return { default: VersionedPage };
      }),
    [remote, exposed, viewer, attempt, view],
  );
}

export function RemotePage({ remote, exposed, viewer }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const view = useRef<PageView | null>(null);
  const Page = useRemoteComponent(remote, exposed, viewer, attempt, view);
  // A promise rejected unhandled while the page is open counts against its version.
  useEffect(() => {
    const onRejection = () => view.current?.fail('rejection');
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  return (
    <RemoteErrorBoundary
      key={`${remote}${exposed}${attempt}`}
      onRetry={() => setAttempt((n) => n + 1)}
      onError={() => view.current?.fail('render')}
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
