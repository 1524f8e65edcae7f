import { screen, within } from '@testing-library/react';
import { AUDIT_MESSAGES, type AuditEntry } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { ShopAuditPanel } from '../components/shop-audit-panel';

const TEXT = AUDIT_MESSAGES;

afterEach(() => jest.restoreAllMocks());

describe("the audit log on a shop's page", () => {
  it("shows the shop's newest entries and links to all of them", async () => {
    loginAs('provider');
    const asked: string[] = [];
    const entry: AuditEntry = {
      id: 5,
      at: '2025-03-01T10:00:00.000Z',
      actor: { id: 1, role: 'super_admin', name: 'admin@panel.dev' },
      action: 'shop.deactivate',
      target: { kind: 'shop', id: 4, label: 'Green Cup' },
      shop_id: 4,
      address: null,
      user_agent: null,
      details: { reason: 'Unpaid invoices' },
    };
    mockApi({
      '/audit': (request: Request) => {
        asked.push(new URL(request.url).search);
        return jsonResponse([entry], 200, { 'X-Total-Count': '31' });
      },
    });
    renderWithProviders(<ShopAuditPanel shopId={4} />);
    const region = screen.getByRole('region', { name: TEXT.shopTitle });
    expect(
      await within(region).findByRole('listitem', { name: 'Shop deactivated 5' }),
    ).toBeVisible();
    expect(asked).toEqual(['?shop=4&limit=5&offset=0']);
    expect(within(region).getByRole('link', { name: /All entries of this shop/ })).toHaveAttribute(
      'href',
      '/audit?shop=4',
    );
  });
});
