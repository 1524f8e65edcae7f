import { useEffect, useRef } from 'react';
import { type ContainerTypes, panelStyles } from '@panel/shared';
import { COUNTER_MESSAGES } from '@panel/shared/page-ui';

import { type LentLoan } from '../../../api/counter-types';
import styles from '../../../components/counter.module.css';
import { formatDate, formatMoney } from '../../../utils/format';
import { totalGuarantee } from '../utils/lend-rows';

/** What the shop hands over with the containers: the loan as the API recorded it. */
export function LoanReceipt({
  loan,
  types,
  onNewLoan,
}: {
  loan: LentLoan;
  types: ContainerTypes;
  onNewLoan: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the outcome, not on a button that vanished.
  useEffect(() => heading.current?.focus(), [loan.id]);

  return (
    <section className={`${panelStyles.panel} ${styles.receipt}`} aria-labelledby="counter-receipt">
      <h2 id="counter-receipt" ref={heading} tabIndex={-1}>
        {COUNTER_MESSAGES.receiptTitle(loan.id)}
      </h2>
      <dl className={styles.facts}>
        <dt>{COUNTER_MESSAGES.receiptClient}</dt>
        <dd>{loan.client}</dd>
        <dt>{COUNTER_MESSAGES.receiptDue}</dt>
        <dd>{loan.due_date ? formatDate(loan.due_date) : COUNTER_MESSAGES.receiptNoDue}</dd>
        <dt>{COUNTER_MESSAGES.receiptTotal}</dt>
        <dd>{formatMoney(totalGuarantee(loan.containers))}</dd>
      </dl>
      <ul className={styles.rows} aria-label={COUNTER_MESSAGES.receiptItems}>
        {loan.containers.map((item) => (
          <li key={item.code} className={styles.row}>
            <div className={styles.rowMain}>
              <span className={styles.code}>{item.code}</span>
              <span className={styles.detail}>
                {types[item.container_type] ?? item.container_type}
              </span>
            </div>
            <span className={styles.amount}>{formatMoney(item.guarantee_amount)}</span>
          </li>
        ))}
      </ul>
      <div>
        <button type="button" className={panelStyles.button} onClick={onNewLoan}>
          {COUNTER_MESSAGES.newLoan}
        </button>
      </div>
    </section>
  );
}
