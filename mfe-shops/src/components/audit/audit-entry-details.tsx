import {
  AUDIT_FIELD_LABELS,
  AUDIT_MESSAGES,
  actionLabel,
  type AuditEntry,
} from '@panel/shared/page-ui';

import styles from './audit.module.css';

const TEXT = AUDIT_MESSAGES;

type Changes = Record<string, { before: unknown; after: unknown }>;

/** A profile change's fields with before and after, or null for any other details. */
export function changesOf(details: AuditEntry['details']): Changes | null {
  const changes = details.changes;
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return null;
  const entries = Object.entries(changes as Record<string, unknown>);
  const valid = entries.every(
    ([, change]) =>
      typeof change === 'object' && change !== null && 'before' in change && 'after' in change,
  );
  return valid && entries.length > 0 ? (changes as Changes) : null;
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? TEXT.noValue
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * One entry in full: its target, address and browser, then what it changed,
 * as a before/after table for a profile change and as JSON otherwise.
 */
export function AuditEntryDetails({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry.details);
  const rest = Object.fromEntries(
    Object.entries(entry.details).filter(([key]) => key !== 'changes'),
  );
  const facts: Array<[string, string | null]> = [
    [
      TEXT.target,
      entry.target.label ??
        (entry.target.id === null ? null : `${entry.target.kind} ${entry.target.id}`),
    ],
    [TEXT.address, entry.address],
    [TEXT.userAgent, entry.user_agent],
  ];
  return (
    <div className={styles.details}>
      <dl className={styles.facts}>
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {changes ? (
        <table className={styles.changes} aria-label={actionLabel(entry.action)}>
          <thead>
            <tr>
              <th scope="col">{TEXT.field}</th>
              <th scope="col">{TEXT.before}</th>
              <th scope="col">{TEXT.after}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(changes).map(([field, change]) => (
              <tr key={field}>
                <th scope="row">{AUDIT_FIELD_LABELS[field] ?? field}</th>
                <td className={styles.before}>{shown(change.before)}</td>
                <td className={styles.after}>{shown(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {Object.keys(rest).length > 0 ? (
        <pre className={styles.json} aria-label={TEXT.detailsJson}>
          {JSON.stringify(rest, null, 2)}
        </pre>
      ) : null}
    </div>
  );
}
