import { Link } from 'react-router-dom';
import { panelStyles } from '@panel/shared';
import { AUDIT_MESSAGES, ErrorState, Panel, Skeleton, shopAuditPath } from '@panel/shared/page-ui';

import { useGetAuditEntriesQuery } from '../../../api/get-audit-entries';
import { AuditEntryList } from '../../../components/audit/audit-entry-list';
import styles from './shop-page.module.css';

const TEXT = AUDIT_MESSAGES;
const SHOWN = 5;

/** The newest audit entries about one shop, on its page; the audit screen has the rest. */
export function ShopAuditPanel({ shopId }: { shopId: number }) {
  const { data, error, refetch, isFetching } = useGetAuditEntriesQuery({
    filter: { shop: shopId },
    limit: SHOWN,
    offset: 0,
  });
  return (
    <Panel className={styles.wide} title={TEXT.shopTitle} subtitle={TEXT.shopSubtitle}>
      {error ? (
        <ErrorState title={TEXT.failed} error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton height={120} />
      ) : data.items.length === 0 ? (
        <p className={styles.muted}>{TEXT.empty}</p>
      ) : (
        <AuditEntryList
          entries={data.items}
          label={TEXT.shopTitle}
          showTarget={false}
          busy={isFetching}
        />
      )}
      <p>
        <Link className={panelStyles.link} to={shopAuditPath(shopId)}>
          {TEXT.shopMore} →
        </Link>
      </p>
    </Panel>
  );
}
