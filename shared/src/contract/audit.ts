/**
 * A page of the audit log counts at most this many matching entries: an
 * exact count of a million would cost more than the page. Past it the API
 * answers X-Total-Count one more than this, and the panel shows "1,000+"
 * and pages as far as it (narrower filters reach the rest).
 */
export const AUDIT_COUNT_CAP = 1_000;
