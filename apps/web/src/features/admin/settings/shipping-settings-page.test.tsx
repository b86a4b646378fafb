import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShippingSettings } from '@shop/shared/shipping-settings';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const settings: ShippingSettings = {
  zones: [
    {
      _id: 'zone-1',
      name: 'Everywhere',
      countries: [],
      everywhereElse: true,
      rates: [
        {
          _id: 'rate-1',
          name: 'Standard',
          price: 5,
          freeFrom: 50,
          minWeightGrams: null,
          maxWeightGrams: null,
        },
      ],
    },
  ],
  tax: { defaultRate: 7, taxShipping: false, rates: [] },
};

describe('the shipping and tax settings', () => {
  clearSessionStorageAfterEach();

  it('lets the owner add a rate, checked with the shared rules before it is sent', async () => {
    signInAs('owner');
    const express = {
      _id: 'rate-2',
      name: 'Express',
      price: 19.5,
      freeFrom: null,
      minWeightGrams: null,
      maxWeightGrams: 2000,
    };
    const server = fakeAdminServer({
      'GET /api/admin/shipping-settings': () => ({ body: settings }),
      'POST /api/admin/shipping-zones/zone-1/rates': () => ({
        body: {
          ...settings,
          zones: [{ ...settings.zones[0]!, rates: [...settings.zones[0]!.rates, express] }],
        },
      }),
    });
    const { user } = renderApp('/admin/settings/shipping');
    const zone = await screen.findByRole('region', { name: 'Everywhere' });
    expect(within(zone).getByRole('row', { name: /Standard/ })).toHaveTextContent('$5.00');
    expect(screen.getByLabelText('Default tax rate (%)')).toHaveValue('7');

    await user.click(within(zone).getByRole('button', { name: 'Add a rate to Everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a rate to Everywhere' });
    await user.type(within(dialog).getByLabelText('Rate name'), 'Express');
    await user.type(within(dialog).getByLabelText('Price ($)'), '19.555');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Price must have at most two decimals',
    );
    expect(server.to('POST', '/api/admin/shipping-zones/zone-1/rates')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Price ($)'));
    await user.type(within(dialog).getByLabelText('Price ($)'), '19.50');
    await user.type(within(dialog).getByLabelText('Maximum weight (g)'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    expect(await screen.findByRole('row', { name: /Express/ })).toHaveTextContent('Up to 2000 g');
    expect(server.to('POST', '/api/admin/shipping-zones/zone-1/rates')[0]!.body).toEqual({
      name: 'Express',
      price: 19.5,
      freeFrom: null,
      minWeightGrams: null,
      maxWeightGrams: 2000,
    });
  });

  it('tells staff the settings are the owner’s, without asking for them', async () => {
    signInAs('staff');
    const server = fakeAdminServer({});
    renderApp('/admin/settings/shipping');
    expect(
      await screen.findByText('Only the shop’s owner can change shipping and tax.'),
    ).toBeVisible();
    expect(server.to('GET', '/api/admin/shipping-settings')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Shipping and tax' })).not.toBeInTheDocument();
  });
});
