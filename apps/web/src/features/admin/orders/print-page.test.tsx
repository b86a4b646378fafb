import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderListResponse } from '@shop/shared/admin-orders';
import type { OrderDocumentsResponse } from '@shop/shared/order-documents';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const FIRST = 'a1b2c3d4-0000-4000-8000-000000000001';
const SECOND = 'b2c3d4e5-0000-4000-8000-000000000002';

const row = (id: string, number: string, name: string) => ({
  _id: id,
  number,
  createdAt: '2026-11-20T10:00:00.000Z',
  customerName: name,
  recipientName: name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  status: 'paid' as const,
  totalPrice: 47.8,
  itemsCount: 2,
});
const list: AdminOrderListResponse = {
  orders: [row(FIRST, 'A1B2C3D4', 'Layla Haddad'), row(SECOND, 'B2C3D4E5', 'Omar Saleh')],
  page: 1,
  pages: 1,
  total: 2,
  totalCapped: false,
  next: null,
  prev: null,
};

const documentOf = (id: string, number: string, name: string) => ({
  orderId: id,
  number,
  orderedAt: '2026-11-20T10:00:00.000Z',
  email: 'buyer@example.com',
  recipient: { name, lines: ['1 Dune Road', 'Chicago, IL 60601', 'USA'] },
  lines: [{ name: 'Dune Tee', variantTitle: 'L', sku: 'DUNE-L', qty: 2, price: 20, total: 40 }],
});
const slips: OrderDocumentsResponse = {
  kind: 'packing-slip',
  shop: { name: 'Sadu Sands', address: '12 Loom Street\nChicago, IL 60607' },
  documents: [
    documentOf(FIRST, 'A1B2C3D4', 'Layla Haddad'),
    documentOf(SECOND, 'B2C3D4E5', 'Omar Saleh'),
  ],
};

describe('packing slips and invoices', () => {
  clearSessionStorageAfterEach();

  it('prints the packing slips of the orders chosen in the list', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'GET /api/admin/orders': () => ({ body: list }),
      'POST /api/admin/order-documents': () => ({ body: slips }),
    });
    const { user, router } = renderApp('/admin/orders');
    await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(screen.getByText('No orders chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose order #A1B2C3D4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose order #B2C3D4E5' }));
    expect(screen.getByRole('checkbox', { name: 'Choose every order on this page' })).toBeChecked();
    expect(screen.getByText('2 orders chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print packing slips' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/print'));
    expect(router.state.location.search).toBe(
      `?kind=packing-slip&ids=${encodeURIComponent(`${FIRST},${SECOND}`)}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Packing slips' })).toBeVisible();
    const sheets = await screen.findAllByRole('article');
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).toHaveTextContent('Order #A1B2C3D4');
    expect(sheets[0]).toHaveTextContent('Layla Haddad');
    expect(sheets[1]).toHaveTextContent('Omar Saleh');
    expect(sheets[1]).toHaveTextContent('12 Loom Street');
    expect(within(sheets[0]!).getByRole('cell', { name: 'DUNE-L' })).toBeInTheDocument();
    expect(server.to('POST', '/api/admin/order-documents').at(-1)?.body).toEqual({
      kind: 'packing-slip',
      orderIds: [FIRST, SECOND],
    });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('shows an invoice’s number and amounts, and says why one cannot be made', async () => {
    signInAs('staff');
    fakeAdminServer({
      'POST /api/admin/order-documents': () => ({
        body: {
          ...slips,
          kind: 'invoice',
          documents: [
            {
              ...documentOf(FIRST, 'A1B2C3D4', 'Layla Haddad'),
              invoice: {
                number: 'INV-000007',
                issuedAt: '2026-11-21T10:00:00.000Z',
                itemsPrice: 40,
                shippingPrice: 5,
                taxPrice: 2.8,
                totalPrice: 47.8,
                refundedPrice: 0,
                paidAt: '2026-11-20T10:05:00.000Z',
                payment: 'Card (Stripe)',
              },
            },
          ],
        },
      }),
    });
    renderApp(`/admin/orders/print?kind=invoice&ids=${FIRST}`);
    expect(await screen.findByRole('heading', { name: 'Invoice INV-000007' })).toBeVisible();
    expect(screen.getByText(/Card \(Stripe\)/)).toBeInTheDocument();
    expect(screen.getByText('$47.80')).toBeInTheDocument();
  });

  it('says what is wrong with the address instead of asking', async () => {
    signInAs('staff');
    const server = fakeAdminServer({});
    renderApp('/admin/orders/print?kind=invoice&ids=');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one order');
    expect(server.to('POST', '/api/admin/order-documents')).toHaveLength(0);
  });
});
