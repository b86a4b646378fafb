import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store';
import { storedStateSchemas } from '../../../lib/contract-schemas';
import { cartLineFor, productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { Header } from './header';

const userInfo = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  token: 'jwt',
  createdAt: '2024-01-01',
};

describe('the header', () => {
  it('shows the announcement and the cart count as the sum of quantities', async () => {
    const tote = productFixture({ _id: 'p1', countInStock: stock({ total: 9 }) });
    const tee = productFixture({
      _id: 'p2',
      hasSize: true,
      countInStock: stock({ total: 9, large: 4 }),
    });
    localStorage.setItem(
      'cartItems',
      JSON.stringify([cartLineFor(tote, 'NA', 'NA', 2), cartLineFor(tee, 'L', 'NA', 1)]),
    );
    mockApi([tote, tee]);
    renderApp('/terms-of-nothing');
    expect(await screen.findByText('FREE SHIPPING ON ORDERS $50+')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Cart, 3 items' })[0]).toHaveAttribute(
      'href',
      '/cart',
    );
  });

  it('shows no cart badge at 0, while the link still says 0 items', async () => {
    mockApi([]);
    renderApp('/terms-of-nothing');
    const [cart] = await screen.findAllByRole('link', { name: 'Cart, 0 items' });
    expect(within(cart!).getByTestId('cart-count')).not.toBeVisible();
  });

  it('shows the keyword of a results page in the search box', async () => {
    mockApi([]);
    renderApp('/search/sadu%20tote/page/2');
    const [box] = await screen.findAllByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('sadu tote');
  });

  it('greets a signed-in user and logs out from the menu, forgetting userInfo', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    mockApi([]);
    const { user, store } = renderApp('/page-that-does-not-exist');
    await user.click(await screen.findByRole('button', { name: /Hi, Layla/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(store.getState().account.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Register' }).length).toBeGreaterThan(0);
  });

  /** Opens the account dropdown from the keyboard (its code loads on focus). */
  async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
    const trigger = await screen.findByRole('button', { name: /Hi, Layla/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    return screen.findByRole('menu');
  }

  it.each(['staff', 'owner'])('gives %s a Back office link in the menus', async (role) => {
    localStorage.setItem('userInfo', JSON.stringify({ ...userInfo, role }));
    mockApi([]);
    const { user } = renderApp('/page-that-does-not-exist');
    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Back office' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(sidebar).getByRole('link', { name: 'Back office' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('gives a shopper no Back office link', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ ...userInfo, role: 'customer' }));
    mockApi([]);
    const { user } = renderApp('/page-that-does-not-exist');
    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it('clears the back-office session on logout', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ ...userInfo, role: 'staff' }));
    localStorage.setItem(
      'backOfficeSession',
      JSON.stringify({ userId: 'u1', expiresAt: Date.now() + 60_000 }),
    );
    const fetchMock = mockApi([]);
    const { user } = renderApp('/page-that-does-not-exist');
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(localStorage.getItem('backOfficeSession')).toBeNull();
    // The API is asked to clear the session's cookie.
    await waitFor(() =>
      expect(
        (fetchMock.mock.calls as unknown as [unknown, RequestInit?][]).some(
          ([url, init]) => String(url) === '/api/admin/session' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });

  it('opens the category menus from the keyboard', async () => {
    mockApi([]);
    const { user } = renderApp('/nowhere');
    const accessories = (await screen.findAllByRole('button', { name: 'Accessories' }))[0]!;
    accessories.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Totes' })).toHaveAttribute('href', '/totes');
    expect(within(menu).getByRole('menuitem', { name: 'Belts' })).toHaveAttribute('href', '/belts');
  });

  it('adds a Collections menu of the collections the owner shows there, in the header and the sidebar', async () => {
    const menuAnswer = {
      body: {
        collections: [
          { handle: 'summer-drop', name: 'Summer Drop' },
          { handle: 'desert-nights', name: 'Desert Nights' },
        ],
      },
    };
    mockApi([], (url) => (url.pathname === '/api/collections/menu' ? menuAnswer : undefined));
    const { user } = renderApp('/nowhere');
    const trigger = (await screen.findAllByRole('button', { name: 'Collections' }))[0]!;
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Summer Drop', 'Desert Nights']);
    expect(within(menu).getByRole('menuitem', { name: 'Summer Drop' })).toHaveAttribute(
      'href',
      '/collections/summer-drop',
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(sidebar).getByRole('button', { name: 'Collections' }));
    expect(within(sidebar).getByRole('link', { name: 'Desert Nights' })).toHaveAttribute(
      'href',
      '/collections/desert-nights',
    );
  });

  it('has no Collections menu while the owner shows none', async () => {
    mockApi([]);
    renderApp('/nowhere');
    await screen.findAllByRole('button', { name: 'Accessories' });
    expect(screen.queryByRole('button', { name: 'Collections' })).not.toBeInTheDocument();
  });

  it('opens the mobile sidebar, marks the body, expands a category and closes on Escape', async () => {
    mockApi([]);
    const { user } = renderApp('/nowhere');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('dialog', { name: 'Menu' });
    expect(document.body).toHaveClass('sidebar-open');

    const accessories = within(sidebar).getByRole('button', { name: 'Accessories' });
    expect(accessories).toHaveAttribute('aria-expanded', 'false');
    await user.click(accessories);
    expect(accessories).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar).getByRole('link', { name: 'Straps' })).toHaveAttribute('href', '/belts');
    expect(within(sidebar).getByRole('link', { name: 'Totes' })).toHaveAttribute('href', '/totes');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveClass('sidebar-open');
  });

  it('has a search form that works without script: GET /search?keyword=…', async () => {
    mockApi([]);
    renderApp('/nowhere');
    const [box] = await screen.findAllByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('name', 'keyword');
    const form = box!.closest('form')!;
    expect(form).toHaveAttribute('role', 'search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
  });

  it('searches by keyword', async () => {
    mockApi([]);
    const { user, router } = renderApp('/nowhere');
    const [box] = await screen.findAllByRole('combobox', { name: 'Search products' });
    await user.type(box!, 'flower tote{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/search\/flower(%20| )tote$/),
    );
  });
});

/** The header with the store a browser restores from its storage. */
function header() {
  return (
    <Provider store={createStore(storedStateSchemas)}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </Provider>
  );
}

describe('the header, rendered on the server and hydrated', () => {
  it('shows a signed-out visitor with an empty cart until hydration, then the stored ones', async () => {
    const tote = productFixture({ _id: 'p1', countInStock: stock({ total: 9 }) });
    localStorage.setItem('cartItems', JSON.stringify([cartLineFor(tote, 'NA', 'NA', 3)]));
    localStorage.setItem('userInfo', JSON.stringify(userInfo));

    // What the server sends: it knows no cart and no user.
    const html = renderToString(header());
    expect(html).toContain('Cart, 0 items');
    expect(html).toContain('href="/login"');
    expect(html).not.toContain('Layla');
    expect(html).not.toContain('style=');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, header(), { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.getAllByRole('link', { name: 'Cart, 3 items' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: /Hi, Layla/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu for Layla' })).toBeInTheDocument();
  });
});
