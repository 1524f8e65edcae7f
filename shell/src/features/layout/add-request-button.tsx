import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { requestsPath } from '@panel/shared';

import styles from './add-request-button.module.css';

/** Route state a screen can set to hide the floating button (spec: "a flagged route state"). */
export interface HideAddButtonState {
  hideAddButton?: boolean;
}

/** The floating round button to a new request; hidden on the request form itself. */
export function AddRequestButton() {
  const [params] = useSearchParams();
  const location = useLocation();
  const flagged = (location.state as HideAddButtonState | null)?.hideAddButton === true;
  if (params.get('page') === 'main' || flagged) return null;
  return (
    <Link to={requestsPath('main')} className={styles.fab} aria-label="New container request">
      <span aria-hidden="true">+</span>
    </Link>
  );
}
