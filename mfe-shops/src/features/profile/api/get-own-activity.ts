import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '@panel/shared/data';
import type { AuditEntry } from '@panel/shared/page-ui';

export interface OwnActivityPage {
  items: AuditEntry[];
  /** Entries in all, from X-Total-Count. */
  total: number;
}

/**
 * The shop's own sign-ins, password changes and request decisions, newest
 * first (GET /shops/activity). Provides 'Audit', which a live event makes stale.
 */
export const ownActivityApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOwnActivity: build.query<OwnActivityPage, { limit: number; offset: number }>({
      query: (page) => ({ url: '/shops/activity', params: page }),
      transformResponse: (items: AuditEntry[], meta: FetchBaseQueryMeta | undefined, page) => {
        const header = meta?.response?.headers.get('X-Total-Count');
        return { items, total: header ? Number(header) : page.offset + items.length };
      },
      providesTags: ['Audit'],
    }),
  }),
});

export const { useGetOwnActivityQuery } = ownActivityApi;
