import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCOUNT_ADMIN_MESSAGES } from '@shop/shared/admin-discounts';
import { renderApp } from '../../../test/render-app';
import { clearToastsAfterEach } from '../../account/testing/toasts';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import type { AdminRequest } from '../testing/admin-server';
import {
  COLLECTION_ID,
  COPY_ID,
  DISCOUNT_ID,
  discountFixture,
  serveDiscount,
} from '../testing/discount-fixtures';
import { adminProductFixture, productListFixture } from '../testing/catalog-fixtures';

const PATH = `/api/admin/discounts/${DISCOUNT_ID}`;
const M = DISCOUNT_ADMIN_MESSAGES;

describe('the discounts list', () => {
  clearSessionStorageAfterEach();

  it('shows the owner every discount in words, and Create discount', async () => {
    signInAs('owner');
    fakeAdminServer({
      'GET /api/admin/discounts': () => ({
        body: {
          discounts: [
            discountFixture(),
            discountFixture({
              _id: COPY_ID,
              title: 'Free shipping over $30',
              automatic: true,
              code: null,
              codesCount: 0,
              kind: 'free_shipping',
              percent: null,
              appliesTo: 'order',
              collectionIds: [],
              minItemsPrice: 30,
              usageLimit: null,
              usedCount: 0,
              endsAt: '2026-12-31T06:00:00.000Z',
              status: 'scheduled',
              startsAt: '2026-12-01T06:00:00.000Z',
            }),
            discountFixture({
              _id: 'd3',
              title: 'TENOFF',
              code: 'TENOFF',
              kind: 'fixed',
              percent: null,
              amount: 10,
              active: false,
              status: 'deactivated',
            }),
          ],
        },
      }),
    });
    renderApp('/admin/discounts');
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/SUMMER20.*Code.*20 % off.*Active.*3 \/ 100.*No end/),
      expect.stringMatching(
        /Free shipping over \$30.*Automatic.*Free shipping.*Scheduled.*0 \/ no limit.*Dec 1, 2026, 12:00 AM – Dec 31, 2026, 12:00 AM/,
      ),
      expect.stringMatching(/TENOFF.*\$10\.00 off.*Deactivated/),
    ]);
    expect(screen.getByRole('link', { name: 'Create discount' })).toHaveAttribute(
      'href',
      '/admin/discounts/new',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', {
        name: 'Discounts',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('lets staff read the list, with no Create discount', async () => {
    signInAs('staff');
    serveDiscount(discountFixture());
    renderApp('/admin/discounts');
    expect(await screen.findByRole('link', { name: 'SUMMER20' })).toHaveAttribute(
      'href',
      `/admin/discounts/${DISCOUNT_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Create discount' })).not.toBeInTheDocument();
  });

  it('says when there are none, and when the list cannot be read', async () => {
    signInAs('owner');
    let fail = true;
    fakeAdminServer({
      'GET /api/admin/discounts': () =>
        fail
          ? { status: 503, body: { message: 'The service is busy' } }
          : { body: { discounts: [] } },
    });
    const { user } = renderApp('/admin/discounts');
    expect(await screen.findByText('The service is busy')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No discounts yet')).toBeVisible();
  });
});

describe('the discount editor', () => {
  clearSessionStorageAfterEach();
  clearToastsAfterEach();

  it('creates a discount: a field the schema refuses, then one the API refuses, then saved', async () => {
    signInAs('owner');
    let taken = true;
    const server = serveDiscount(discountFixture(), {
      'POST /api/admin/discounts': ({ body }: AdminRequest) =>
        taken
          ? { status: 409, body: { message: M.codeTaken('SUMMER20') } }
          : { status: 201, body: discountFixture({ ...(body as object), _id: DISCOUNT_ID }) },
    });
    const { user } = renderApp('/admin/discounts/new');
    await screen.findByRole('heading', { level: 1, name: 'Create discount' });
    await user.click(screen.getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText(M.codeRequired)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(screen.getByText(M.percentRequired)).toBeVisible();

    await user.type(screen.getByLabelText('Code'), 'summer20');
    await user.type(screen.getByLabelText('Percent off'), '120');
    await user.click(screen.getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText(M.percent)).toBeVisible();
    expect(screen.getByLabelText('Percent off')).toHaveFocus();
    expect(server.to('POST', '/api/admin/discounts')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Percent off'));
    await user.type(screen.getByLabelText('Percent off'), '20');
    await user.click(screen.getByLabelText('Chosen products and collections'));
    await user.click(await screen.findByLabelText('Summer Drop'));
    await user.click(screen.getByLabelText('Items subtotal'));
    await user.type(screen.getByLabelText('Minimum items subtotal ($)'), '40');
    await user.type(screen.getByLabelText('Starts (optional)'), '2026-12-01T00:00');
    await user.type(screen.getByLabelText('Usage limit (optional)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create discount' }));
    expect(await screen.findByText(M.codeTaken('SUMMER20'))).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(server.to('POST', '/api/admin/discounts')[0]?.body).toEqual({
      automatic: false,
      bulk: false,
      code: 'SUMMER20',
      kind: 'percentage',
      percent: 20,
      amount: null,
      maxShippingPrice: null,
      appliesTo: 'items',
      productIds: [],
      variantIds: [],
      collectionIds: [COLLECTION_ID],
      minItemsPrice: 40,
      minQuantity: null,
      // Midnight in Chicago.
      startsAt: '2026-12-01T06:00:00.000Z',
      endsAt: null,
      usageLimit: 100,
      oncePerCustomer: false,
      active: true,
    });

    taken = false;
    await user.click(await screen.findByRole('button', { name: 'Create discount' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SUMMER20' })).toHaveFocus();
    expect(screen.getByText('Discount created')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  it('applies to some variants of a product: chosen by box under it, saved ones shown by name', async () => {
    signInAs('owner');
    const tee = adminProductFixture();
    const large = tee.variants.find((variant) => variant.title === 'L')!;
    const small = tee.variants.find((variant) => variant.title === 'S/M')!;
    const server = serveDiscount(
      discountFixture({
        collectionIds: [],
        variantIds: [small.variant],
        variantNames: { [small.variant]: 'Dune Tee — S/M' },
      }),
      {
        'GET /api/admin/products': () => ({ body: productListFixture({ products: [tee] }) }),
        [`GET /api/admin/products/${tee._id}`]: () => ({ body: tee }),
      },
    );
    const { user } = renderApp(`/admin/discounts/${DISCOUNT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'SUMMER20' });
    const chosen = () => screen.getByRole('list', { name: 'Chosen variants' });
    expect(within(chosen()).getByText('Dune Tee — S/M')).toBeVisible();

    await user.click(await screen.findByText('Only some variants'));
    await user.click(await screen.findByRole('checkbox', { name: 'L' }));
    expect(within(chosen()).getByText('Dune Tee — L')).toBeVisible();
    await user.click(within(chosen()).getByRole('button', { name: 'Remove Dune Tee — S/M' }));
    expect(screen.getByRole('checkbox', { name: 'S/M' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.to('PUT', PATH)).toHaveLength(1));
    expect(server.to('PUT', PATH)[0]?.body).toMatchObject({
      appliesTo: 'items',
      productIds: [],
      variantIds: [large.variant],
      collectionIds: [],
    });
  });

  it('deactivates the discount and activates it again', async () => {
    signInAs('owner');
    const server = serveDiscount(discountFixture());
    const { user } = renderApp(`/admin/discounts/${DISCOUNT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'SUMMER20' });
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeVisible();
    expect(server.to('POST', `${PATH}/deactivate`)).toHaveLength(1);
    expect(screen.getAllByText('Deactivated')[0]).toBeVisible();
    expect(screen.getByLabelText('Active')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeVisible();
    expect(server.to('POST', `${PATH}/activate`)).toHaveLength(1);
  });

  it('duplicates the discount and opens the copy', async () => {
    signInAs('owner');
    const copy = discountFixture({
      _id: COPY_ID,
      title: 'SUMMER20-COPY',
      code: 'SUMMER20-COPY',
      active: false,
      status: 'deactivated',
      usedCount: 0,
    });
    const server = serveDiscount(discountFixture(), {
      [`POST ${PATH}/duplicate`]: () => ({ status: 201, body: copy }),
      [`GET /api/admin/discounts/${COPY_ID}`]: () => ({ body: copy }),
      [`GET /api/admin/discounts/${COPY_ID}/report`]: () => ({
        body: {
          uses: 0,
          orders: 0,
          itemsSold: 0,
          revenueAfterDiscount: 0,
          totalDiscounted: 0,
          refunded: 0,
        },
      }),
    });
    const { user } = renderApp(`/admin/discounts/${DISCOUNT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'SUMMER20' });
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'SUMMER20-COPY' })).toHaveFocus();
    expect(server.to('POST', `${PATH}/duplicate`)).toHaveLength(1);
    expect(screen.getByLabelText('Code')).toHaveValue('SUMMER20-COPY');
    expect(screen.getByRole('button', { name: 'Activate' })).toBeVisible();
  });

  describe('bulk codes', () => {
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:codes');
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      createObjectURL.mockClear();
    });

    it('generates single-use codes and downloads their CSV', async () => {
      signInAs('owner');
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });
      const server = serveDiscount(
        discountFixture({ title: 'Newsletter', code: null, codesCount: 0, usageLimit: null }),
        {
          [`GET ${PATH}/codes.csv`]: () =>
            ({
              body: 'Code,Used\nNEWS-7KQ2M9XH4P,no\n',
              contentType: 'text/csv; charset=utf-8',
            }) as never,
        },
      );
      const { user } = renderApp(`/admin/discounts/${DISCOUNT_ID}`);
      await screen.findByRole('heading', { level: 1, name: 'Newsletter' });
      const section = screen.getByRole('region', { name: 'Bulk codes' });
      await user.click(within(section).getByRole('button', { name: 'Download codes (CSV)' }));
      expect(await within(section).findByText('There are no generated codes yet.')).toBeVisible();

      await user.type(within(section).getByLabelText('How many'), '0');
      await user.click(within(section).getByRole('button', { name: 'Generate' }));
      expect(await within(section).findByText(M.count)).toHaveAttribute('role', 'alert');
      await user.clear(within(section).getByLabelText('How many'));
      await user.type(within(section).getByLabelText('How many'), '50');
      await user.type(within(section).getByLabelText('Prefix (optional)'), 'news');
      await user.click(within(section).getByRole('button', { name: 'Generate' }));
      expect(await within(section).findByText('Generated 50 single-use codes')).toBeVisible();
      expect(server.to('POST', `${PATH}/codes`)[0]?.body).toEqual({ count: 50, prefix: 'NEWS' });
      expect(await within(section).findByText(/50 codes so far/)).toBeVisible();

      await user.click(within(section).getByRole('button', { name: 'Download codes (CSV)' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(server.to('GET', `${PATH}/codes.csv`)[0]?.credentials).toBe('same-origin');
      expect(clicked[0]!.download).toBe('discount-codes-Newsletter.csv');
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(createObjectURL.mock.calls[0]![0]);
      });
      // (The reader drops the byte-order mark saveCsv puts first.)
      expect(text).toBe('Code,Used\nNEWS-7KQ2M9XH4P,no\n');
      expect(
        await within(section).findByText('Downloaded discount-codes-Newsletter.csv'),
      ).toBeVisible();
    });
  });

  it('shows staff the rules read-only and the report, with no buttons to change it', async () => {
    signInAs('staff');
    const server = serveDiscount(discountFixture());
    renderApp(`/admin/discounts/${DISCOUNT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'SUMMER20' });
    const report = screen.getByRole('region', { name: 'Report' });
    const figures = await within(report).findAllByRole('definition');
    expect(
      within(report)
        .getAllByRole('term')
        .map((term, i) => `${term.textContent}: ${figures[i]?.textContent}`),
    ).toEqual([
      'Uses: 3',
      'Orders: 3',
      'Items sold: 5',
      'Revenue after discount: $96.00',
      'Total discounted: $24.00',
      'Refunds: $19.20',
    ]);
    expect(screen.getByLabelText('Code')).toBeDisabled();
    expect(screen.getByLabelText('Code')).toHaveValue('SUMMER20');
    expect(screen.getByLabelText('Summer Drop')).toBeChecked();
    for (const name of ['Save', 'Deactivate', 'Duplicate', 'Generate'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(
      screen.getByText('Only the shop’s owner can change a discount; you can read it.'),
    ).toBeVisible();
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });
});
