import { AUDIT_ACTION_LABELS, AUDIT_ROLE_LABELS } from '@panel/shared/page-ui';

import type { AuditFilter } from '../../../api/get-audit-entries';

const KEYS = ['actor_role', 'actor', 'action', 'shop', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/**
 * The filters kept in the address (`/audit?action=…&shop=…&page=2`): a value
 * that is not one the API takes is left out rather than sent to be refused,
 * and an actor id goes only with its role (ids are per role).
 */
export function filterOf(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const id = (key: string) => {
    const value = text(key);
    return value && ID.test(value) && Number(value) <= 2147483647 ? Number(value) : undefined;
  };
  const day = (key: string) => {
    const value = text(key);
    return value && DAY.test(value) ? value : undefined;
  };
  const role = text('actor_role');
  if (role && role in AUDIT_ROLE_LABELS) filter.actor_role = role;
  const actor = id('actor');
  if (actor !== undefined && filter.actor_role) filter.actor = actor;
  const action = text('action');
  if (action && action in AUDIT_ACTION_LABELS) filter.action = action;
  const shop = id('shop');
  if (shop !== undefined) filter.shop = shop;
  const from = day('from');
  if (from) filter.from = from;
  const to = day('to');
  if (to) filter.to = to;
  return filter;
}

/** The 1-based page in the address, 1 when absent or not a page number. */
export function pageOf(params: URLSearchParams): number {
  const page = params.get('page') ?? '';
  return ID.test(page) ? Number(page) : 1;
}

/**
 * The address after one filter changes: the value set (or removed when
 * empty), and back to the first page, since the old page may not exist.
 */
export function withFilter(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(key, value.trim());
  else next.delete(key);
  if (key === 'actor_role' && !value) next.delete('actor');
  next.delete('page');
  return next;
}

/** The address without any filter. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...KEYS, 'page']) next.delete(key);
  return next;
}
