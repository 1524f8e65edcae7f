import { Link } from 'react-router-dom';
import { panelStyles, type Shop, type ShopStatus } from '@panel/shared';
import { dayOf, formatRate, SHOP_ADMIN_MESSAGES, shopPagePath } from '@panel/shared/page-ui';

import type { ShopRowData } from '../utils/shop-table';
import { KeyIcon, PinIcon } from './icons';
import { PasswordForm } from './password-form';
import styles from './shop-list.module.css';

const TEXT = SHOP_ADMIN_MESSAGES;

const COLUMN_COUNT = 11;

interface ShopRowProps {
  shop: ShopRowData;
  passwordOpen: boolean;
  onTogglePassword: (shop: Shop) => void;
  onClosePassword: () => void;
  onShowLocation: (shop: Shop) => void;
  onChangeStatus: (shop: Shop, next: ShopStatus) => void;
}

/**
 * A narrow column wraps an address after its '@' and nowhere else: each part
 * is unbreakable in the table (not at its '-' or '.'), with a break
 * opportunity between them. One element, so the card layout's flex cell
 * holds it as one item.
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <span>
      <span className={styles.emailPart}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span className={styles.emailPart}>{email.slice(at + 1)}</span>
    </span>
  );
}

/** A figure, or a dash until the figures have come. */
const figure = (value: number | undefined) => (value === undefined ? '–' : String(value));

/**
 * One shop: the spec's eight columns and its figures (issue 32), the name
 * leading to the shop's page, and under it the password form when
 * open. Both status buttons stay clickable even when one does not apply, so
 * the spec's "already active / Still Loading" message can be given.
 */
export function ShopRow({
  shop,
  passwordOpen,
  onTogglePassword,
  onClosePassword,
  onShowLocation,
  onChangeStatus,
}: ShopRowProps) {
  const active = shop.status === 'active';
  const formId = `password-form-${shop.id}`;
  return (
    <>
      <tr>
        <th scope="row" data-label="Name">
          <Link className={panelStyles.link} to={shopPagePath(shop.id)}>
            {shop.name}
          </Link>
        </th>
        <td data-label="Join Date">{dayOf(shop.created_date)}</td>
        <td data-label="Email" className={styles.email} title={shop.email}>
          <BreakableEmail email={shop.email} />
        </td>
        <td data-label="ID" className={styles.number}>
          {shop.id}
        </td>
        <td data-label="Phone Number" className={styles.phone}>
          {shop.phone}
        </td>
        <td data-label={TEXT.columnReturnRate} className={styles.number}>
          {shop.return_rate_4w === undefined ? '–' : formatRate(shop.return_rate_4w)}
        </td>
        <td data-label={TEXT.columnOverdue} className={styles.number}>
          {figure(shop.overdue)}
        </td>
        <td data-label={TEXT.columnStock} className={styles.number}>
          {figure(shop.stock_held)}
        </td>
        <td data-label="Password">
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Change password of ${shop.name}`}
            aria-expanded={passwordOpen}
            aria-controls={passwordOpen ? formId : undefined}
            onClick={() => onTogglePassword(shop)}
          >
            <KeyIcon />
          </button>
        </td>
        <td data-label="Location">
          <button
            type="button"
            className={styles.iconButton}
            aria-label={`Show location of ${shop.name}`}
            aria-haspopup="dialog"
            onClick={() => onShowLocation(shop)}
          >
            <PinIcon />
          </button>
        </td>
        <td data-label="Actions">
          <div className={styles.actions}>
            <span
              className={`${styles.badge} ${active ? styles.badgeActive : styles.badgeInactive}`}
            >
              {shop.status}
            </span>
            <button
              type="button"
              className={`${panelStyles.button} ${styles.small}`}
              aria-disabled={active}
              onClick={() => onChangeStatus(shop, 'active')}
            >
              Activate<span className={panelStyles.srOnly}> {shop.name}</span>
            </button>
            <button
              type="button"
              className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.small}`}
              aria-disabled={!active}
              onClick={() => onChangeStatus(shop, 'inactive')}
            >
              Deactivate<span className={panelStyles.srOnly}> {shop.name}</span>
            </button>
          </div>
        </td>
      </tr>
      {passwordOpen ? (
        <tr id={formId} className={styles.formRow}>
          <td colSpan={COLUMN_COUNT}>
            <PasswordForm shop={shop} onClose={onClosePassword} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
