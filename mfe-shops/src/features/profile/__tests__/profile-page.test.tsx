import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { MESSAGES, type Shop } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderRoutes } from '@panel/shared/testing';

import { ProfilePage } from '../components/profile-page';

// The shop's profile, issue 31: phone, minimum stock, own password, the leave guard.

// Leaflet draws on a canvas jsdom lacks (and imports images Jest cannot read);
// the map's own behaviour is covered by the e2e profile tests.
jest.mock('../../../components/map/lazy-map', () => ({ LazyMap: () => null }));
afterEach(() => jest.restoreAllMocks());

const SHOP: Shop = {
  id: 7,
  name: 'Green Cafe',
  email: 'shop@example.com',
  phone: '+1 555 0100',
  logo: null,
  created_date: '2025-06-01',
  status: 'active',
  x_gis: null,
  y_gis: null,
};
const TYPES = { types: { bottle: 'Bottle 500 ml', cup: 'Cup 350 ml' }, countries: {} };

function setup(routes: Record<string, unknown> = {}) {
  loginAs('shop', 7, { token: 'old-token' });
  const spy = mockApi({
    '/shops/shop/info': [SHOP],
    '/shops/settings': { loan_days: 14, stock_minimums: { cup: 5 } },
    '/pack/containers/types_and_countries': TYPES,
    '/shops/activity': () => jsonResponse([], 200, { 'X-Total-Count': '0' }),
    ...routes,
  });
  renderRoutes(
    {
      '/profile': (
        <>
          <Link to="/home">Home</Link>
          <ProfilePage />
        </>
      ),
      '/home': <h1>Home page</h1>,
    },
    { route: '/profile' },
  );
  return spy;
}

const posts = (spy: jest.SpyInstance, path: string) =>
  spy.mock.calls
    .map(([r]) => r as Request)
    .filter((r) => r.method !== 'GET' && new URL(r.url).pathname.includes(path));

describe('the profile page', () => {
  it('shows the phone and says when the shop has no location', async () => {
    setup();
    expect(await screen.findByDisplayValue('+1 555 0100')).toBe(
      screen.getByLabelText(PAGE_MESSAGES.followUp.phoneLabel),
    );
    expect(screen.getByText(PAGE_MESSAGES.followUp.noLocation)).toBeInTheDocument();
  });

  it('saves a minimum stock per type as the whole set', async () => {
    const sent: unknown[] = [];
    setup({
      '/shops/settings': async (r: Request) => {
        if (r.method === 'PUT') {
          sent.push(await r.json());
          return jsonResponse({ loan_days: 14, stock_minimums: { bottle: 12 } });
        }
        return jsonResponse({ loan_days: 14, stock_minimums: { cup: 5 } });
      },
    });
    const cup = await screen.findByLabelText('Cup 350 ml');
    await waitFor(() => expect(cup).toHaveValue(5));
    await userEvent.clear(cup);
    await userEvent.type(screen.getByLabelText('Bottle 500 ml'), '{backspace}12');
    await userEvent.click(
      screen.getByRole('button', { name: PAGE_MESSAGES.followUp.stockMinimumsSave }),
    );
    await waitFor(() => expect(sent).toEqual([{ stock_minimums: { bottle: 12 } }]));
  });

  it('refuses a minimum over 9999 before any call', async () => {
    const spy = setup();
    const cup = await screen.findByLabelText('Cup 350 ml');
    await waitFor(() => expect(cup).toHaveValue(5));
    await userEvent.type(cup, '00000');
    await userEvent.click(
      screen.getByRole('button', { name: PAGE_MESSAGES.followUp.stockMinimumsSave }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PAGE_MESSAGES.followUp.stockMinimumInvalid,
    );
    expect(posts(spy, '/shops/settings')).toHaveLength(0);
  });

  it('changes the password with the new one twice and keeps the session on the new token', async () => {
    const sent: unknown[] = [];
    setup({
      '/shops/change-own-password': async (r: Request) => {
        sent.push(await r.json());
        return jsonResponse({ message: 'ok', access: 'new-token' });
      },
    });
    const form = (await screen.findByLabelText(PAGE_MESSAGES.followUp.currentPassword)).closest(
      'form',
    ) as HTMLFormElement;
    const change = within(form).getByRole('button', {
      name: PAGE_MESSAGES.followUp.changePassword,
    });
    await userEvent.type(
      within(form).getByLabelText(PAGE_MESSAGES.followUp.currentPassword),
      'old-pass-1',
    );
    await userEvent.type(
      within(form).getByLabelText(PAGE_MESSAGES.followUp.newPassword),
      'new-pass-1',
    );
    await userEvent.type(
      within(form).getByLabelText(PAGE_MESSAGES.followUp.newPasswordAgain),
      'new-pass-2',
    );
    await userEvent.click(change);
    expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.passwordsDontMatch);
    expect(sent).toEqual([]);
    await userEvent.type(
      within(form).getByLabelText(PAGE_MESSAGES.followUp.newPasswordAgain),
      '{backspace}1',
    );
    await userEvent.click(change);
    await waitFor(() =>
      expect(sent).toEqual([{ current_password: 'old-pass-1', new_password: 'new-pass-1' }]),
    );
    await waitFor(() => expect(sessionStorage.getItem('loginStatus')).toBe('new-token'));
    expect(within(form).getByLabelText(PAGE_MESSAGES.followUp.currentPassword)).toHaveValue('');
  });

  it('shows a wrong current password on its field', async () => {
    const text = 'The current password is not right.';
    setup({
      '/shops/change-own-password': () =>
        jsonResponse({ error: text, current_password: [text] }, 400),
    });
    const current = await screen.findByLabelText(PAGE_MESSAGES.followUp.currentPassword);
    await userEvent.type(current, 'wrong-pass');
    await userEvent.type(screen.getByLabelText(PAGE_MESSAGES.followUp.newPassword), 'new-pass-1');
    await userEvent.type(
      screen.getByLabelText(PAGE_MESSAGES.followUp.newPasswordAgain),
      'new-pass-1',
    );
    await userEvent.click(
      screen.getByRole('button', { name: PAGE_MESSAGES.followUp.changePassword }),
    );
    expect(await screen.findByText(text)).toHaveAttribute('role', 'alert');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(sessionStorage.getItem('loginStatus')).toBe('old-token');
  });

  it("refuses an e-mail the contract's ProfileForm refuses, on its field, before any call", async () => {
    const spy = setup();
    const email = await screen.findByDisplayValue('shop@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'shop@example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid email address.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(posts(spy, '/shops/shop/')).toHaveLength(0);
  });

  it("shows the API's e-mail error on the e-mail field and sends the form as multipart", async () => {
    const text = 'shop with this email already exists.';
    const spy = setup({ '/shops/shop/7': () => jsonResponse({ email: [text] }, 400) });
    const email = await screen.findByDisplayValue('shop@example.com');
    await userEvent.clear(email);
    await userEvent.type(email, ' taken@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(text, { selector: 'p' })).toHaveAttribute('role', 'alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    const [sent] = posts(spy, '/shops/shop/7/');
    expect((await sent!.formData()).get('email')).toBe('taken@example.com');
  });

  it('says "All changes saved." only once a change is saved', async () => {
    let shop = SHOP;
    setup({
      '/shops/shop/info': () => jsonResponse([shop]),
      '/shops/shop/7': () => {
        shop = { ...SHOP, phone: '+1 555 01001' };
        return jsonResponse(shop);
      },
    });
    const phone = await screen.findByDisplayValue('+1 555 0100');
    expect(screen.queryByText(PAGE_MESSAGES.followUp.profileSaved)).not.toBeInTheDocument();
    await userEvent.type(phone, '1');
    expect(screen.getByText(PAGE_MESSAGES.followUp.profileUnsaved)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PAGE_MESSAGES.followUp.profileSaved)).toBeInTheDocument();
    expect(screen.queryByText(PAGE_MESSAGES.followUp.profileUnsaved)).not.toBeInTheDocument();
  });

  it('leaves without asking while nothing changed', async () => {
    setup();
    const confirm = jest.spyOn(window, 'confirm');
    await screen.findByDisplayValue('+1 555 0100');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before a link inside the panel drops unsaved changes', async () => {
    setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const phone = await screen.findByDisplayValue('+1 555 0100');
    await userEvent.type(phone, '1');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(confirm).toHaveBeenCalledWith(PAGE_MESSAGES.followUp.leaveUnsaved);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
