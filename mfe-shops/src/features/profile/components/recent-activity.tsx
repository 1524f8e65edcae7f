import { useState } from 'react';
import { loadingOtherPage, PAGE_SIZES } from '@panel/shared/data';
import { AUDIT_MESSAGES, ErrorState, Pager, Panel, Skeleton } from '@panel/shared/page-ui';

import { AuditEntryList } from '../../../components/audit/audit-entry-list';
import { useGetOwnActivityQuery } from '../api/get-own-activity';
import { AUDIT_COUNT_CAP } from '@panel/shared/contract';

const TEXT = AUDIT_MESSAGES;
const PAGE_SIZE = PAGE_SIZES.ownActivity;

/** The shop's own recent activity on its profile (issue 33): who signed in, from where, and what changed. */
export function RecentActivity() {
  const [page, setPage] = useState(1);
  const activity = useGetOwnActivityQuery({
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const { data, error, refetch, isFetching } = activity;
  return (
    <Panel title={TEXT.activityTitle} subtitle={TEXT.activitySubtitle}>
      {error ? (
        <ErrorState title={TEXT.activityFailed} error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton height={160} />
      ) : data.items.length === 0 ? (
        <p>{TEXT.activityEmpty}</p>
      ) : (
        <>
          <AuditEntryList
            entries={data.items}
            label={TEXT.activityTitle}
            showTarget={false}
            busy={isFetching}
          />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            noun={TEXT.activityNoun}
            busy={loadingOtherPage(activity)}
            countCap={AUDIT_COUNT_CAP}
            onPage={setPage}
          />
        </>
      )}
    </Panel>
  );
}
