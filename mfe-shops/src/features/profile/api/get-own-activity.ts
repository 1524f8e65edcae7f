import { api, toPage, type Page, type PageArgs } from '@panel/shared/data';
import type { AuditEntry } from '@panel/shared/page-ui';

/**
 * The shop's own sign-ins, password changes and request decisions, newest
 * first (GET /shops/activity). Provides 'Audit', which a live event makes stale.
 */
export const ownActivityApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOwnActivity: build.query<Page<AuditEntry>, PageArgs>({
      query: (page) => ({ url: '/shops/activity', params: page }),
      transformResponse: (items: AuditEntry[], meta, page) => toPage(items, meta, page),
      providesTags: ['Audit'],
    }),
  }),
});

export const { useGetOwnActivityQuery } = ownActivityApi;
