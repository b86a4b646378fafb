import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import { PRODUCT_ID, productListFixture } from '../testing/catalog-fixtures';

describe('the products list', () => {
  clearSessionStorageAfterEach();

  it('shows each product’s photo, name, handle, category, price, status and available units', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/products': () => ({ body: productListFixture() }) });
    renderApp('/admin/products');
    const table = await screen.findByRole('table', { name: 'Products' });
    const tee = within(table).getByRole('row', { name: /Dune Tee/ });
    expect(within(tee).getByRole('img', { name: 'Dune Tee' })).toHaveAttribute(
      'src',
      '/api/images/aaa-800.webp',
    );
    expect(within(tee).getByRole('link', { name: 'Dune Tee' })).toHaveAttribute(
      'href',
      `/admin/products/${PRODUCT_ID}`,
    );
    expect(tee).toHaveTextContent('dune-tee');
    expect(tee).toHaveTextContent('Shirts: self love, women');
    expect(tee).toHaveTextContent('$25.00');
    expect(tee).toHaveTextContent('Published');
    const tote = within(table).getByRole('row', { name: /Sadu Tote/ });
    expect(tote).toHaveTextContent('No photo');
    expect(tote).toHaveTextContent('Totes: flower totes');
    expect(tote).toHaveTextContent('$40.50');
    expect(tote).toHaveTextContent('Draft');
    expect(screen.getByText(/Page 1 of 2/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute(
      'href',
      '/admin/products/new',
    );
    expect(screen.getByRole('link', { name: 'Import CSV' })).toHaveAttribute(
      'href',
      '/admin/products/import',
    );
  });

  it('puts the status, the search and the page in the address and in the request', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/products': () => ({ body: productListFixture() }),
    });
    const { user, router } = renderApp('/admin/products');
    await screen.findByRole('table', { name: 'Products' });
    const last = () => server.to('GET', '/api/admin/products').at(-1)!.query;
    expect(last().toString()).toBe('page=1');

    await user.selectOptions(screen.getByLabelText('Status'), 'Draft');
    await waitFor(() => expect(last().get('status')).toBe('draft'));
    expect(router.state.location.search).toBe('?status=draft');

    const search = screen.getByRole('search', { name: 'Search by name or handle' });
    await user.type(within(search).getByRole('searchbox'), ' tote ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last().get('q')).toBe('tote'));
    expect(last().get('status')).toBe('draft');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?status=draft&q=tote&page=2');

    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&q=tote'));
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(within(search).getByRole('searchbox')).toHaveValue('tote');
  });

  it('says when no product matches, and when there are none at all', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/products': () => ({
        body: productListFixture({ products: [], pages: 0, total: 0 }),
      }),
    });
    const { router } = renderApp('/admin/products?q=nothing');
    expect(await screen.findByText('No product matches these filters.')).toBeInTheDocument();
    await router.navigate('/admin/products');
    expect(await screen.findByText(/Add one with/)).toBeInTheDocument();
  });

  it('shows the server’s message when the list fails', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/products': () => ({ status: 400, body: { message: 'Search is too long' } }),
    });
    renderApp('/admin/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is too long');
  });

  describe('Export CSV', () => {
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:products');
    const revokeObjectURL = vi.fn();
    // jsdom has neither; they stay for the page's own later revoke (10 s on).
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      createObjectURL.mockClear();
    });

    it('downloads the CSV with the back-office token, as UTF-8 with a byte-order mark', async () => {
      signInAs('staff');
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });
      const server = fakeAdminServer({
        'GET /api/admin/products': () => ({ body: productListFixture() }),
        'GET /api/admin/products.csv': () => ({
          contentType: 'text/csv; charset=utf-8',
          body: 'handle,name\nsadu-tote,صندوق 🌵\n',
        }),
      });
      const { user } = renderApp('/admin/products');
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(server.to('GET', '/api/admin/products.csv')[0]!.credentials).toBe('same-origin');
      expect(clicked[0]!.download).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(clicked[0]!.getAttribute('href')).toBe('blob:products');
      const blob = createObjectURL.mock.calls[0]![0];
      const bytes = new Uint8Array(
        await new Promise<ArrayBuffer>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.readAsArrayBuffer(blob);
        }),
      );
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes.slice(3))).toBe('handle,name\nsadu-tote,صندوق 🌵\n');
      expect(await screen.findByText(/^Downloaded products-/)).toBeInTheDocument();
    });

    it('shows why the export failed', async () => {
      signInAs('staff');
      fakeAdminServer({
        'GET /api/admin/products': () => ({ body: productListFixture() }),
        'GET /api/admin/products.csv': () => ({
          status: 503,
          body: { message: 'The database is busy. Please try again in 5 seconds.' },
        }),
      });
      const { user } = renderApp('/admin/products');
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });
});
