import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminCollection } from '@shop/shared/admin-collections';
import { COLLECTION_MESSAGES } from '@shop/shared/collections';
import { renderApp } from '../../../test/render-app';
import { clearToastsAfterEach } from '../../account/testing/toasts';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import type { AdminRequest } from '../testing/admin-server';

const ID = '5b0c7a1e-2f3d-4c5b-9a8e-7d6c5b4a3f21';
const PATH = `/api/admin/collections/${ID}`;
const DUNE = { _id: 'p-dune', name: 'Dune Tee', handle: 'dune-tee', status: 'published' };
const OASIS = { _id: 'p-oasis', name: 'Oasis Tote', handle: 'oasis-tote', status: 'published' };
const PALM = { _id: 'p-palm', name: 'Palm Strap', handle: 'palm-strap', status: 'draft' };
const product = (p: typeof DUNE) => ({ ...p, image: '', price: 20 });

const collectionFixture = (overrides: Partial<AdminCollection> = {}): AdminCollection => ({
  _id: ID,
  handle: 'summer-drop',
  name: 'Summer Drop',
  status: 'draft',
  showInMenu: false,
  menuPosition: 0,
  productCount: 2,
  updatedAt: '2026-11-01T10:00:00.000Z',
  description: '',
  seoTitle: '',
  seoDescription: '',
  products: [product(DUNE), product(OASIS)],
  ...overrides,
});

/** Serves one collection that the writes change, as the API would. */
function serveCollection(start: AdminCollection) {
  let current = start;
  const all = [DUNE, OASIS, PALM];
  return fakeAdminServer({
    [`GET ${PATH}`]: () => ({ body: current }),
    [`PUT ${PATH}/products`]: ({ body }: AdminRequest) => {
      const ids = (body as { productIds: string[] }).productIds;
      current = {
        ...current,
        products: ids.map((id) => product(all.find((p) => p._id === id)!)),
        productCount: ids.length,
      };
      return { body: current };
    },
    [`PUT ${PATH}`]: ({ body }: AdminRequest) => {
      current = { ...current, ...(body as Partial<AdminCollection>) };
      return { body: current };
    },
    'GET /api/admin/products': ({ query }: AdminRequest) => ({
      body: {
        products: all
          .filter((p) => p.name.toLowerCase().includes((query.get('q') ?? '').toLowerCase()))
          .map((p) => ({
            ...p,
            category: 'belts',
            price: 20,
            image: '',
            available: 3,
            updatedAt: '2026-11-01T10:00:00.000Z',
          })),
        page: 1,
        pages: 1,
        total: 1,
      },
    }),
  });
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Products in this collection' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the collection editor', () => {
  clearSessionStorageAfterEach();
  clearToastsAfterEach();

  it('checks the fields before sending them: the first field in error takes the focus', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'POST /api/admin/collections': () => ({
        status: 409,
        body: { message: COLLECTION_MESSAGES.handleTaken },
      }),
    });
    const { user } = renderApp('/admin/collections/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('Name is required')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(server.to('POST', '/api/admin/collections')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Summer Drop');
    expect(screen.getByText(/it is made from the name: summer-drop/)).toBeVisible();
    await user.clear(screen.getByLabelText('Menu position'));
    await user.type(screen.getByLabelText('Menu position'), '1000');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText('Menu position must be at most 999')).toBeVisible();
    expect(screen.getByLabelText('Menu position')).toHaveFocus();

    await user.clear(screen.getByLabelText('Menu position'));
    await user.type(screen.getByLabelText('Handle (optional)'), 'summer');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    expect(await screen.findByText(COLLECTION_MESSAGES.handleTaken)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByLabelText('Handle (optional)')).toHaveFocus();
    expect(server.to('POST', '/api/admin/collections')[0]?.body).toMatchObject({
      name: 'Summer Drop',
      handle: 'summer',
      status: 'draft',
      showInMenu: false,
      menuPosition: 0,
    });
  });

  it('moves a product with the keyboard, keeping the focus on it and saying where it went', async () => {
    signInAs('staff');
    const server = serveCollection(collectionFixture());
    const { user } = renderApp(`/admin/collections/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Drop' })).toBeVisible();
    expect(listed()).toEqual([
      expect.stringContaining('Dune Tee'),
      expect.stringContaining('Oasis Tote'),
    ]);
    expect(screen.getByRole('button', { name: 'Move Dune Tee up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    screen.getByRole('button', { name: 'Move Oasis Tote up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listed()[0]).toContain('Oasis Tote'));
    expect(server.to('PUT', `${PATH}/products`)[0]?.body).toEqual({
      productIds: ['p-oasis', 'p-dune'],
    });
    // At the top now, its Up is disabled: the focus is on its Down.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Oasis Tote down' })).toHaveFocus(),
    );
    expect(screen.getByText('Oasis Tote moved to position 1 of 2')).toBeInTheDocument();
  });

  it('adds a product found by name and removes one', async () => {
    signInAs('staff');
    const server = serveCollection(collectionFixture());
    const { user } = renderApp(`/admin/collections/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Summer Drop' });
    await user.type(screen.getByRole('searchbox', { name: 'Find products to add' }), 'palm');
    await user.click(
      within(screen.getByRole('search', { name: 'Find products to add' })).getByRole('button', {
        name: 'Search',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add Palm Strap' }));
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(listed()[2]).toContain('Palm Strap');
    // A draft product stays in the list, marked as such.
    expect(listed()[2]).toContain('Draft');
    expect(
      within(screen.getByRole('list', { name: 'Products found' })).getByText('In the collection'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove Dune Tee' }));
    await waitFor(() => expect(listed()).toHaveLength(2));
    expect(server.to('PUT', `${PATH}/products`).map((request) => request.body)).toEqual([
      { productIds: ['p-dune', 'p-oasis', 'p-palm'] },
      { productIds: ['p-oasis', 'p-palm'] },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Oasis Tote' })).toHaveFocus(),
    );
  });

  it('deletes the collection after asking', async () => {
    signInAs('owner');
    const server = serveCollection(collectionFixture());
    const { user } = renderApp(`/admin/collections/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Summer Drop' });
    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Summer Drop?' });
    expect(server.to('DELETE', PATH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(server.to('DELETE', PATH)).toHaveLength(1));
  });
});
