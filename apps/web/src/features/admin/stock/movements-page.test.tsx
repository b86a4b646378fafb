import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StockMovement, StockMovementsResponse } from '@shop/shared/admin-catalog';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import { PRODUCT_ID } from '../testing/catalog-fixtures';

const ORDER_ID = '1a2b3c4d-0000-4000-8000-000000000009';

function movement(overrides: Partial<StockMovement>): StockMovement {
  return {
    _id: 'm-1',
    at: '2026-11-22T15:04:00.000Z',
    product: PRODUCT_ID,
    productName: 'Dune Tee',
    size: 'L',
    variantTitle: 'L',
    option: 'NA',
    change: 0,
    heldChange: 0,
    reason: 'received',
    actor: 'system',
    orderId: null,
    note: null,
    onHandAfter: 0,
    heldAfter: 0,
    ...overrides,
  };
}

const ledger = (overrides: Partial<StockMovementsResponse> = {}): StockMovementsResponse => ({
  movements: [
    movement({
      _id: 'm-3',
      change: -2,
      heldChange: -2,
      reason: 'sale',
      orderId: ORDER_ID,
      onHandAfter: 10,
      heldAfter: 0,
    }),
    movement({ _id: 'm-2', heldChange: 2, reason: 'hold', orderId: ORDER_ID, onHandAfter: 12 }),
    movement({
      _id: 'm-1',
      change: 12,
      reason: 'received',
      actor: { _id: 'u-owner', email: 'owner@sadusands.example', name: 'Noura' },
      note: 'Delivery 4411',
      onHandAfter: 12,
    }),
    movement({
      _id: 'm-0',
      product: 'p-tote',
      productName: 'Sadu Tote',
      size: 'NA',
      option: 'A',
      change: 5,
      reason: 'import',
      onHandAfter: 5,
    }),
    movement({
      _id: 'm-x',
      product: 'p-bloom',
      productName: 'Desert Bloom Tee',
      size: 'NA',
      option: 'NA',
      variantTitle: 'Clay / XL',
      change: 5,
      onHandAfter: 5,
    }),
  ],
  page: 1,
  pages: 3,
  total: 120,
  ...overrides,
});

describe('the stock movement history', () => {
  clearSessionStorageAfterEach();

  it('lists the movements newest first: change, held change, reason, who, note, on hand after', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/stock/movements': () => ({ body: ledger() }) });
    renderApp('/admin/stock/movements');
    const table = await screen.findByRole('table', { name: 'Stock movements, newest first' });
    const [sale, hold, received, imported, ofAVariant] = within(table).getAllByRole('row').slice(1);

    expect(
      within(sale!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/Nov 22, 2026/),
      'L',
      '−2',
      '−2',
      'Sold',
      'Order 1A2B3C4D',
      '',
      '10',
    ]);
    expect(within(sale!).getByRole('link', { name: 'Dune Tee' })).toHaveAttribute(
      'href',
      `/admin/products/${PRODUCT_ID}`,
    );
    expect(within(sale!).getByRole('link', { name: 'Order 1A2B3C4D' })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER_ID}`,
    );
    expect(hold).toHaveTextContent('Held by a checkout');
    expect(hold).toHaveTextContent('+2');
    expect(received).toHaveTextContent('+12');
    expect(received).toHaveTextContent('Noura');
    expect(received).toHaveTextContent('Delivery 4411');
    expect(imported).toHaveTextContent('Sadu Tote');
    expect(imported).toHaveTextContent('Option A');
    expect(imported).toHaveTextContent('CSV import');
    expect(imported).toHaveTextContent('System');
    // A variant of the owner's own options is named by its values.
    expect(within(ofAVariant!).getAllByRole('cell')[1]).toHaveTextContent('Clay / XL');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('shows one product’s movements, page by page', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/stock/movements': () => ({ body: ledger() }),
    });
    const { user, router } = renderApp(`/admin/stock/movements?product=${PRODUCT_ID}`);
    await screen.findByRole('table');
    const last = () => server.to('GET', '/api/admin/stock/movements').at(-1)!.query;
    expect(last().get('product')).toBe(PRODUCT_ID);
    expect(screen.getByText(/Showing one product/)).toHaveTextContent('Dune Tee');
    expect(screen.getByRole('link', { name: 'Edit the product' })).toHaveAttribute(
      'href',
      `/admin/products/${PRODUCT_ID}`,
    );

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    expect(last().get('product')).toBe(PRODUCT_ID);
    expect(router.state.location.search).toBe(`?product=${PRODUCT_ID}&page=2`);

    await user.click(screen.getByRole('link', { name: 'All products' }));
    await waitFor(() => expect(last().has('product')).toBe(false));
  });

  it('says when nothing has moved yet', async () => {
    signInAs('staff');
    fakeAdminServer({
      'GET /api/admin/stock/movements': () => ({
        body: ledger({ movements: [], pages: 0, total: 0 }),
      }),
    });
    renderApp('/admin/stock/movements');
    expect(await screen.findByText('No stock movements')).toBeInTheDocument();
  });
});
