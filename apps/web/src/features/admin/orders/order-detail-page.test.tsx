import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@shop/shared/admin-orders';
import { renderApp } from '../../../test/render-app';
import { clearToastsAfterEach, toastTexts } from '../../account/testing/toasts';
import {
  adminOrderFixture,
  clearSessionStorageAfterEach,
  fakeAdminServer,
  signInAs,
} from '../testing/admin-server';

const PATH = '/api/admin/orders/a1b2c3d4-0000-4000-8000-000000000001';

function serveOrder(order: AdminOrder, after: AdminOrder = order) {
  let current = order;
  return fakeAdminServer({
    [`GET ${PATH}`]: () => ({ body: current }),
    [`POST ${PATH}/ship`]: () => {
      current = after;
      return { body: { message: 'Order shipped' } };
    },
    [`POST ${PATH}/refund`]: () => {
      current = after;
      return { body: { message: 'Refunded' } };
    },
  });
}

describe('the order page of the back office', () => {
  clearSessionStorageAfterEach();
  clearToastsAfterEach();

  it('shows the items, address, amounts and timeline with who acted', async () => {
    signInAs('staff');
    serveOrder(adminOrderFixture());
    renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order #A1B2C3D4' }),
    ).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items' });
    expect(within(items).getByRole('row', { name: /Dune Tee/ })).toHaveTextContent('$50.00');
    expect(screen.getByText(/1 Dune Rd/)).toBeInTheDocument();
    const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole(
      'listitem',
    );
    expect(timeline.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/Layla Haddad.*Checkout started$/),
      expect.stringMatching(/Payment provider.*Paid by card$/),
      expect.stringMatching(/System.*Mail sent: Order mail$/),
    ]);
    // In words, never in event codes.
    expect(screen.getByRole('list', { name: 'Timeline' })).not.toHaveTextContent(/payment\.paid/);
  });

  it('ships: the dialog says what happens, posts carrier and tracking number, refetches', async () => {
    signInAs('staff');
    const shipped = adminOrderFixture({
      status: 'shipped',
      unitsToShip: [0, 0],
      shipments: [
        {
          _id: 'parcel-1',
          carrier: 'UPS',
          trackingNumber: '1Z999',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
          note: null,
          items: [{ name: 'Dune Tee', variantTitle: 'L', size: 'L', option: 'NA', qty: 2 }],
          shippedAt: '2026-11-21T09:00:00.000Z',
          deliveredAt: null,
        },
      ],
    });
    const server = serveOrder(adminOrderFixture(), shipped);
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    const ship = await screen.findByRole('button', { name: 'Ship' });
    await user.click(ship);
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #A1B2C3D4' });
    expect(dialog).toHaveTextContent('marked shipped with this carrier and tracking number');
    expect(within(dialog).getByLabelText('Carrier')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Carrier is required');
    expect(server.to('POST', `${PATH}/ship`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Carrier'), ' UPS ');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = server.to('POST', `${PATH}/ship`)[0]!;
    expect(post.body).toEqual({ carrier: 'UPS', trackingNumber: '1Z999' });
    expect(post.credentials).toBe('same-origin');
    expect(await screen.findByText('1Z999')).toBeInTheDocument();
    expect(server.to('GET', PATH).length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(toastTexts()).toContain('Order #A1B2C3D4 marked shipped'));
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    // Ship is gone with the order shipped: the focus goes to the order's heading, not the body.
    expect(screen.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Order #A1B2C3D4' })).toHaveFocus(),
    );
  });

  it('shows staff no refund or cancel', async () => {
    signInAs('staff');
    serveOrder(adminOrderFixture());
    renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    expect(await screen.findByRole('button', { name: 'Ship' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('refunds: the amount follows what the units chosen for restock were paid, tax included, until typed by hand', async () => {
    signInAs('owner');
    const order = adminOrderFixture({ refundedPrice: 6.3, status: 'partially_refunded' });
    const server = serveOrder(order, { ...order, refundedPrice: 56.3 });
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #A1B2C3D4' });
    expect(dialog).toHaveTextContent('Remaining refundable: $90.00 of $96.30');

    // $90 of items and $6.30 tax: the tee's line carries $3.50 of it, the tote's $2.80.
    const tee = within(dialog).getByLabelText(/Dune Tee/);
    const tote = within(dialog).getByLabelText(/Sadu Tote/);
    expect(tee).toHaveAccessibleName(/2 × \$25\.00 \+ \$3\.50 tax/);
    expect(tote).toHaveAccessibleName(/1 × \$40\.00 \+ \$2\.80 tax/);
    const amount = within(dialog).getByLabelText('Amount to refund ($)');
    await user.clear(tee);
    await user.type(tee, '2');
    expect(amount).toHaveValue('53.50');
    await user.clear(tote);
    await user.type(tote, '1');
    // $96.30 paid for both lines, but only $90.00 remains.
    expect(amount).toHaveValue('90.00');
    expect(dialog).toHaveTextContent('$90.00 goes back to the customer’s card');
    expect(dialog).toHaveTextContent('3 units go back in stock');
    await user.clear(tee);
    await user.type(tee, '1');
    expect(amount).toHaveValue('69.55');

    await user.clear(amount);
    await user.type(amount, '50');
    await user.clear(tote);
    await user.type(tote, '0');
    expect(amount).toHaveValue('50');

    await user.type(within(dialog).getByLabelText('Reason'), 'Too small');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST', `${PATH}/refund`)[0]!.body).toEqual({
      amount: 50,
      restock: [{ product: 'p-tee', size: 'L', option: 'NA', qty: 1 }],
      reason: 'Too small',
    });
    await waitFor(() => expect(toastTexts()).toContain('Refunded $50.00 on order #A1B2C3D4'));
  });

  it('offers every line with its tax, which together give back the items and tax paid, and the shipping apart', async () => {
    signInAs('owner');
    serveOrder(adminOrderFixture({ shippingPrice: 5, totalPrice: 101.3 }));
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #A1B2C3D4' });
    const amount = within(dialog).getByLabelText('Amount to refund ($)');
    await user.clear(within(dialog).getByLabelText(/Dune Tee/));
    await user.type(within(dialog).getByLabelText(/Dune Tee/), '2');
    await user.clear(within(dialog).getByLabelText(/Sadu Tote/));
    await user.type(within(dialog).getByLabelText(/Sadu Tote/), '1');
    expect(amount).toHaveValue('96.30');
    const shipping = within(dialog).getByRole('checkbox', { name: 'Refund the shipping ($5.00)' });
    expect(shipping).not.toBeChecked();
    await user.click(shipping);
    expect(amount).toHaveValue('101.30');
    await user.keyboard(' ');
    expect(shipping).not.toBeChecked();
    expect(amount).toHaveValue('96.30');
  });

  it('counts a line refunded in steps from the units given back before, so its steps add up to exactly its share', async () => {
    signInAs('owner');
    // 3 × $1.10 with $0.23 of tax: two units refunded before ($2.35), the last one is $1.18.
    const tee = { ...adminOrderFixture().orderItems[0]!, qty: 3, price: 1.1 };
    serveOrder(
      adminOrderFixture({
        orderItems: [tee],
        itemsPrice: 3.3,
        taxPrice: 0.23,
        totalPrice: 3.53,
        status: 'partially_refunded',
        refundedPrice: 2.35,
        restockedUnits: [2],
      }),
    );
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #A1B2C3D4' });
    const units = within(dialog).getByLabelText(/Dune Tee/);
    expect(units).toHaveAttribute('max', '1');
    await user.clear(units);
    await user.type(units, '1');
    expect(within(dialog).getByLabelText('Amount to refund ($)')).toHaveValue('1.18');
  });

  it('shows a refund still waiting for the payment provider as pending, not as refunded', async () => {
    signInAs('owner');
    const by = { _id: 'u-owner', email: 'owner@example.com', name: 'Olive Owner' };
    serveOrder(
      adminOrderFixture({
        status: 'partially_refunded',
        refundedPrice: 15,
        refunds: [
          {
            amount: 5,
            status: 'succeeded',
            reason: 'Goodwill',
            at: '2026-11-21T10:00:00.000Z',
            by,
          },
          { amount: 10, status: 'pending', reason: 'Returned', at: '2026-11-21T11:00:00.000Z', by },
        ],
      }),
    );
    renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    const refunds = within(await screen.findByRole('region', { name: 'Refunds' })).getAllByRole(
      'listitem',
    );
    expect(refunds[0]).not.toHaveTextContent('Pending');
    expect(refunds[1]).toHaveTextContent('Pending: not yet confirmed by the payment provider');
    const amounts = screen.getByText('Refunded').parentElement?.parentElement;
    expect(amounts).toHaveTextContent('Refunded−$5.00');
    expect(amounts).toHaveTextContent('Refund pending−$10.00');
  });

  it('refuses a refund above what remains before asking the server', async () => {
    signInAs('owner');
    const server = serveOrder(adminOrderFixture({ refundedPrice: 90 }));
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Amount to refund ($)'), '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The refund is more than what remains to refund ($6.30)',
    );
    expect(server.to('POST', `${PATH}/refund`)).toHaveLength(0);
  });

  it('ships some items in a parcel: chosen units, carrier Other with its URL, a note', async () => {
    signInAs('staff');
    const partly = adminOrderFixture({ status: 'partially_shipped', unitsToShip: [1, 1] });
    const server = serveOrder(adminOrderFixture(), partly);
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    await user.click(await screen.findByRole('button', { name: 'Ship items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship items of order #A1B2C3D4' });
    const tee = within(dialog).getByRole('spinbutton', { name: /^Dune Tee/ });
    expect(tee).toHaveAccessibleName(/2 of 2 to ship/);
    await user.click(within(dialog).getByRole('button', { name: 'Ship parcel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose at least one item for the parcel',
    );
    await user.clear(tee);
    await user.type(tee, '1');
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Other');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'PN-1');
    await user.click(within(dialog).getByRole('button', { name: 'Ship parcel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give the tracking URL of a carrier other than USPS, UPS, FedEx or DHL',
    );
    await user.type(within(dialog).getByLabelText('Tracking URL'), 'https://t.example/PN-1');
    await user.type(
      within(dialog).getByLabelText('Note for the customer (optional)'),
      'The tote follows',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ship parcel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST', `${PATH}/ship`)[0]?.body).toEqual({
      carrier: 'Other',
      trackingNumber: 'PN-1',
      trackingUrl: 'https://t.example/PN-1',
      note: 'The tote follows',
      items: [{ line: 'line-tee', qty: 1 }],
    });
    await waitFor(() => expect(toastTexts()).toContain('Shipped 1 item of order #A1B2C3D4'));
    expect(await screen.findByText('Partly shipped')).toBeInTheDocument();
  });

  it('lists the parcels with their links and marks one delivered', async () => {
    signInAs('staff');
    const parcel = {
      _id: 'parcel-9',
      carrier: 'DHL',
      trackingNumber: 'JD01',
      trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD01',
      note: null,
      items: [
        { name: 'Sadu Tote', variantTitle: 'A', size: 'NA' as const, option: 'A' as const, qty: 1 },
      ],
      shippedAt: '2026-11-21T09:00:00.000Z',
      deliveredAt: null,
    };
    const order = adminOrderFixture({
      status: 'partially_shipped',
      unitsToShip: [2, 0],
      shipments: [parcel],
    });
    const server = fakeAdminServer({
      [`GET ${PATH}`]: () => ({ body: order }),
      [`POST ${PATH}/shipments/parcel-9/deliver`]: () => ({ body: order }),
    });
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    const parcels = await screen.findByRole('list', { name: 'Parcels' });
    expect(within(parcels).getByRole('link', { name: /^JD01/ })).toHaveAttribute(
      'href',
      parcel.trackingUrl,
    );
    expect(parcels).toHaveTextContent('1 × Sadu Tote (A)');
    await user.click(
      within(parcels).getByRole('button', { name: 'Mark the DHL parcel JD01 delivered' }),
    );
    await waitFor(() => expect(toastTexts()).toContain('Parcel JD01 marked delivered'));
    expect(server.to('POST', `${PATH}/shipments/parcel-9/deliver`)).toHaveLength(1);
    // Not shipped in full: no whole-order delivery yet.
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it('adds an internal note, refusing an empty one', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      [`GET ${PATH}`]: () => ({ body: adminOrderFixture() }),
      [`POST ${PATH}/notes`]: () => ({ body: adminOrderFixture() }),
    });
    const { user } = renderApp('/admin/orders/a1b2c3d4-0000-4000-8000-000000000001');
    const form = await screen.findByRole('form', { name: 'Internal note' });
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please write the note');
    await user.type(within(form).getByLabelText('Internal note'), 'Gift wrap please');
    await user.click(within(form).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(toastTexts()).toContain('Note added to order #A1B2C3D4'));
    expect(server.to('POST', `${PATH}/notes`)[0]?.body).toEqual({ note: 'Gift wrap please' });
  });

  it('says when the order does not exist', async () => {
    signInAs('staff');
    fakeAdminServer({});
    renderApp('/admin/orders/nope');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});
