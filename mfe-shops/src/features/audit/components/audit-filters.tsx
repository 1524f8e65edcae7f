import { useId, type ReactNode } from 'react';
import { panelStyles } from '@panel/shared';
import { AUDIT_ACTION_LABELS, AUDIT_MESSAGES, AUDIT_ROLE_LABELS } from '@panel/shared/page-ui';

import type { AuditFilter } from '../../../api/get-audit-entries';
import styles from './audit-page.module.css';

const TEXT = AUDIT_MESSAGES;

interface AuditFiltersProps {
  /** What the address holds (filterOf), so the inputs show what the list shows. */
  filter: AuditFilter;
  onChange: (key: keyof AuditFilter, value: string) => void;
  onClear: () => void;
}

/**
 * The audit screen's filters: each change goes to the address at once (the
 * list follows it), so a filtered view can be bookmarked, shared and
 * exported as it is.
 */
export function AuditFilters({ filter, onChange, onClear }: AuditFiltersProps) {
  const id = useId();
  const field = (key: keyof AuditFilter, label: string, input: ReactNode) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {input}
    </div>
  );
  const value = (key: keyof AuditFilter) => (filter[key] === undefined ? '' : String(filter[key]));
  return (
    <form
      className={styles.filters}
      aria-label={TEXT.filtersTitle}
      onSubmit={(event) => event.preventDefault()}
    >
      {field(
        'actor_role',
        TEXT.actorRole,
        <select
          id={`${id}-actor_role`}
          className={styles.input}
          value={value('actor_role')}
          onChange={(event) => onChange('actor_role', event.target.value)}
        >
          <option value="">{TEXT.actorRoleAny}</option>
          {Object.entries(AUDIT_ROLE_LABELS).map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </select>,
      )}
      {field(
        'actor',
        TEXT.actorId,
        <input
          id={`${id}-actor`}
          className={styles.input}
          inputMode="numeric"
          pattern="[0-9]*"
          disabled={!filter.actor_role}
          defaultValue={value('actor')}
          key={`actor-${value('actor')}-${value('actor_role')}`}
          onBlur={(event) => onChange('actor', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange('actor', event.currentTarget.value);
          }}
        />,
      )}
      {field(
        'action',
        TEXT.action,
        <select
          id={`${id}-action`}
          className={styles.input}
          value={value('action')}
          onChange={(event) => onChange('action', event.target.value)}
        >
          <option value="">{TEXT.actionAny}</option>
          {Object.entries(AUDIT_ACTION_LABELS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>,
      )}
      {field(
        'shop',
        TEXT.shop,
        <input
          id={`${id}-shop`}
          className={styles.input}
          inputMode="numeric"
          pattern="[0-9]*"
          defaultValue={value('shop')}
          key={`shop-${value('shop')}`}
          onBlur={(event) => onChange('shop', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange('shop', event.currentTarget.value);
          }}
        />,
      )}
      {field(
        'from',
        TEXT.from,
        <input
          id={`${id}-from`}
          type="date"
          className={styles.input}
          value={value('from')}
          max={filter.to}
          onChange={(event) => onChange('from', event.target.value)}
        />,
      )}
      {field(
        'to',
        TEXT.to,
        <input
          id={`${id}-to`}
          type="date"
          className={styles.input}
          value={value('to')}
          min={filter.from}
          onChange={(event) => onChange('to', event.target.value)}
        />,
      )}
      <div className={styles.clear}>
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          onClick={onClear}
        >
          {TEXT.clear}
        </button>
      </div>
    </form>
  );
}
