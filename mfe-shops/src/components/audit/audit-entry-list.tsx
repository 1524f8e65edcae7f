import { useId, useState } from 'react';
import { panelStyles } from '@panel/shared';
import {
  AUDIT_MESSAGES,
  actionLabel,
  actorLabel,
  formatDateTime,
  type AuditEntry,
} from '@panel/shared/page-ui';

import { AuditEntryDetails } from './audit-entry-details';
import styles from './audit.module.css';

const TEXT = AUDIT_MESSAGES;

interface AuditEntryListProps {
  entries: readonly AuditEntry[];
  /** Names the list for assistive tech. */
  label: string;
  /** The shop's own activity hides who it is (it is always itself). */
  showTarget?: boolean;
  /** The entries are being read again (a live entry arrived): told to assistive tech. */
  busy?: boolean;
}

/**
 * Entries as lines, newest first: when, what, who, on what; each opens to
 * its details (a before/after view for a profile change). The audit
 * screen, a shop's page and the shop's own profile all draw it.
 */
export function AuditEntryList({
  entries,
  label,
  showTarget = true,
  busy = false,
}: AuditEntryListProps) {
  return (
    <ol className={styles.list} aria-label={label} aria-busy={busy}>
      {entries.map((entry) => (
        <AuditEntryItem key={entry.id} entry={entry} showTarget={showTarget} />
      ))}
    </ol>
  );
}

function AuditEntryItem({ entry, showTarget }: { entry: AuditEntry; showTarget: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li className={styles.entry} aria-label={`${actionLabel(entry.action)} ${entry.id}`}>
      <div className={styles.line}>
        <time className={styles.at} dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
        <span className={styles.action}>{actionLabel(entry.action)}</span>
        <span className={styles.actor}>{actorLabel(entry.actor)}</span>
        {/* Drawn even when empty, so every line keeps its columns. */}
        {showTarget ? <span className={styles.target}>{entry.target.label}</span> : null}
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.toggle}`}
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? TEXT.hideDetails : TEXT.showDetails}
        </button>
      </div>
      {open ? (
        <div id={detailsId}>
          <AuditEntryDetails entry={entry} />
        </div>
      ) : null}
    </li>
  );
}
