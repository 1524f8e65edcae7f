import { api, toPage, type Page, type PageArgs } from '@panel/shared/data';
import type { AuditEntry } from '@panel/shared/page-ui';

/** The audit log's filters as GET /audit takes them. */
export interface AuditFilter {
  actor_role?: string;
  actor?: number;
  action?: string;
  shop?: number;
  from?: string;
  to?: string;
}

export interface AuditPageArgs extends PageArgs {
  filter: AuditFilter;
}

/**
 * One page of the audit log, newest first (GET /audit, super admin).
 * Provides 'Audit', which a live event makes stale. The CSV is the same
 * call with format=csv and no page: every row the filter shows. Here, not
 * in a feature: the audit screen and the shop's page both read it.
 */
export const auditApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAuditEntries: build.query<Page<AuditEntry>, AuditPageArgs>({
      query: ({ filter, limit, offset }) => ({
        url: '/audit',
        params: { ...filter, limit, offset },
      }),
      transformResponse: (items: AuditEntry[], meta, args) => toPage(items, meta, args),
      providesTags: ['Audit'],
    }),
    getAuditCsv: build.query<string, AuditFilter>({
      query: (filter) => ({
        url: '/audit',
        params: { ...filter, format: 'csv' },
        responseHandler: 'text',
      }),
      // A file, not a screen's data: nothing keeps it once it is saved.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditEntriesQuery, useLazyGetAuditCsvQuery } = auditApi;
