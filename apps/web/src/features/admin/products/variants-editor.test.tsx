import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@shop/shared/admin-catalog';
import type {
  AdminVariant,
  ProductVariantsResponse,
  ProductVariantsWrite,
} from '@shop/shared/admin-variants';
import { variantTitle } from '@shop/shared/variants';
import { renderApp } from '../../../test/render-app';
import { clearToastsAfterEach } from '../../account/testing/toasts';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import type { AdminRoutes } from '../testing/admin-server';
import { PRODUCT_ID, adminProductFixture } from '../testing/catalog-fixtures';

const PATH = `/api/admin/products/${PRODUCT_ID}`;
const VARIANTS = `${PATH}/variants`;
const FIRST_ID = 'd4e5f6a7-0000-4000-8000-000000000000';
const idOf = (n: number) => `d4e5f6a7-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A plain tee: one variant, no options. */
const plainTee = (): AdminProduct =>
  adminProductFixture({
    name: 'Desert Bloom Tee',
    price: 30,
    hasSize: false,
    variants: [
      {
        variant: FIRST_ID,
        title: '',
        size: 'NA',
        option: 'NA',
        onHand: 0,
        held: 0,
        available: 0,
        lowStockThreshold: 3,
      },
    ],
  });

const adminVariant = (id: string, options: string[], fields: Partial<AdminVariant> = {}) => ({
  _id: id,
  key: id,
  options,
  title: variantTitle(options),
  sku: null,
  price: null,
  compareAtPrice: null,
  barcode: null,
  weightGrams: null,
  images: [],
  onHand: 0,
  held: 0,
  available: 0,
  lowStockThreshold: 3,
  ...fields,
});

/** Serves the product and its variants; a write keeps the ids it is sent and gives new ones. */
function serveVariants(routes: AdminRoutes = {}) {
  const product = plainTee();
  let current: ProductVariantsResponse = {
    options: [],
    variants: [adminVariant(FIRST_ID, [])],
  };
  let made = 0;
  const server = fakeAdminServer({
    [`GET ${PATH}`]: () => ({ body: product }),
    [`GET ${VARIANTS}`]: () => ({ body: current }),
    [`PUT ${VARIANTS}`]: (request) => {
      const write = request.body as ProductVariantsWrite;
      current = {
        options: write.options,
        variants: write.variants.map((variant) =>
          adminVariant(variant.id ?? idOf((made += 1)), variant.options, {
            sku: variant.sku,
            price: variant.price,
            onHand: current.variants.find((old) => old._id === variant.id)?.onHand ?? 0,
          }),
        ),
      };
      return { body: current };
    },
    ...routes,
  });
  return server;
}

const sent = (server: ReturnType<typeof serveVariants>, n = 0) =>
  server.to('PUT', VARIANTS)[n]!.body as ProductVariantsWrite;

describe('the options and variants editor', () => {
  clearSessionStorageAfterEach();
  clearToastsAfterEach();

  async function addOption(
    user: ReturnType<typeof renderApp>['user'],
    section: HTMLElement,
    n: number,
    name: string,
    values: string[],
  ) {
    await user.click(within(section).getByRole('button', { name: 'Add an option' }));
    const nameField = within(section).getByLabelText(`Name of option ${n}`);
    await waitFor(() => expect(nameField).toHaveFocus());
    await user.type(nameField, name);
    for (const [i, value] of values.entries()) {
      if (i > 0) {
        await user.click(within(section).getByRole('button', { name: `Add a value to ${name}` }));
        await waitFor(() =>
          expect(within(section).getByLabelText(`Value ${i + 1} of ${name}`)).toHaveFocus(),
        );
      }
      await user.type(within(section).getByLabelText(`Value ${i + 1} of ${name}`), value);
    }
  }

  it(
    'gives a product Colour × Size, leaves a combination out, sets the XL price at once and keeps the ids when a value is renamed',
    { timeout: 60_000 },
    async () => {
      signInAs('staff');
      const server = serveVariants();
      const { user } = renderApp(`/admin/products/${PRODUCT_ID}`);
      const section = await screen.findByRole('form', { name: 'Options and variants' });
      expect(
        within(section).getByText(/No options: the product is sold as one variant/),
      ).toBeVisible();

      await addOption(user, section, 1, 'Colour', ['Sand', 'Clay']);
      await addOption(user, section, 2, 'Size', ['XS', 'S', 'M', 'L', 'XL']);
      const grid = within(section).getByRole('region', { name: 'Variants of Desert Bloom Tee' });
      // One row per combination, plus the heading row.
      expect(within(grid).getAllByRole('row')).toHaveLength(11);
      expect(within(grid).getByLabelText('Price of Clay / XL')).toHaveAttribute(
        'placeholder',
        '30.00',
      );

      await user.click(within(grid).getByRole('checkbox', { name: 'Offer Clay / XS' }));
      expect(within(section).getByText('(9 of 10 offered)')).toBeInTheDocument();
      await user.click(within(grid).getByRole('checkbox', { name: 'Select Sand / XL' }));
      await user.click(within(grid).getByRole('checkbox', { name: 'Select Clay / XL' }));
      expect(
        within(section).getByText('2 selected: set their price or threshold at once.'),
      ).toBeVisible();
      await user.type(within(section).getByLabelText('Price of the selected ($)'), '38');
      await user.click(within(section).getByRole('button', { name: 'Set price' }));
      expect(within(grid).getByLabelText('Price of Sand / XL')).toHaveValue('38');
      expect(within(grid).getByLabelText('Price of Clay / XL')).toHaveValue('38');
      await user.type(within(grid).getByLabelText('SKU of Clay / XL'), 'DBT-CLAY-XL');

      await user.click(within(section).getByRole('button', { name: 'Save options and variants' }));
      expect(
        await within(section).findByText('Saved: 9 variants of Desert Bloom Tee'),
      ).toHaveAttribute('role', 'status');
      const first = sent(server);
      expect(first.options).toEqual([
        { name: 'Colour', values: ['Sand', 'Clay'] },
        { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
      ]);
      expect(first.variants.map((variant) => variantTitle(variant.options))).toEqual([
        'Sand / XS',
        'Sand / S',
        'Sand / M',
        'Sand / L',
        'Sand / XL',
        'Clay / S',
        'Clay / M',
        'Clay / L',
        'Clay / XL',
      ]);
      // The product's one variant became the first combination: it keeps its id and its stock.
      expect(first.variants[0]).toMatchObject({ id: FIRST_ID, options: ['Sand', 'XS'] });
      expect(first.variants.slice(1).every((variant) => variant.id === undefined)).toBe(true);
      expect(first.variants.filter((variant) => variant.price === 38)).toHaveLength(2);
      expect(first.variants[8]).toMatchObject({ sku: 'DBT-CLAY-XL', price: 38 });

      // Renamed, a value keeps its variants: the next write sends the same ids.
      const sand = within(section).getByLabelText('Value 1 of Colour');
      await user.clear(sand);
      await user.type(sand, 'Dune');
      expect(within(grid).getByLabelText('SKU of Dune / XL')).toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Save options and variants' }));
      await waitFor(() => expect(server.to('PUT', VARIANTS)).toHaveLength(2));
      const second = sent(server, 1);
      expect(second.options[0]).toEqual({ name: 'Colour', values: ['Dune', 'Clay'] });
      expect(second.variants.map((variant) => variant.id)).toEqual([
        FIRST_ID,
        ...[1, 2, 3, 4, 5, 6, 7, 8].map(idOf),
      ]);
      expect(second.variants[4]).toMatchObject({ options: ['Dune', 'XL'], price: 38 });
      expect(
        await within(section).findByText('Saved: 9 variants of Desert Bloom Tee'),
      ).toBeVisible();
    },
  );

  it('checks the options before sending, and shows the server’s refusal to remove a variant with stock', async () => {
    signInAs('staff');
    const server = serveVariants({
      [`GET ${VARIANTS}`]: () => ({
        body: {
          options: [{ name: 'Colour', values: ['Sand', 'Clay'] }],
          variants: [
            adminVariant(idOf(1), ['Sand'], { onHand: 4, available: 4 }),
            adminVariant(idOf(2), ['Clay']),
          ],
        },
      }),
      [`PUT ${VARIANTS}`]: () => ({
        status: 409,
        body: {
          message: 'Sand still has 4 on hand and 0 held: adjust its stock to 0 before removing it',
        },
      }),
    });
    const { user } = renderApp(`/admin/products/${PRODUCT_ID}`);
    const section = await screen.findByRole('form', { name: 'Options and variants' });
    const grid = within(section).getByRole('region', { name: 'Variants of Desert Bloom Tee' });
    expect(within(grid).getByRole('row', { name: /Sand/ })).toHaveTextContent('4');

    const clay = within(section).getByLabelText('Value 2 of Colour');
    await user.clear(clay);
    await user.type(clay, 'sand');
    await user.click(within(section).getByRole('button', { name: 'Save options and variants' }));
    const option = within(section).getByRole('group', { name: 'Option 1' });
    expect(await within(option).findByRole('alert')).toHaveTextContent(
      'Colour has the value sand twice',
    );
    expect(clay).toHaveFocus();
    expect(clay).toHaveAttribute('aria-invalid', 'true');
    expect(server.to('PUT', VARIANTS)).toHaveLength(0);

    await user.clear(clay);
    await user.type(clay, 'Clay');
    await user.click(within(grid).getByRole('checkbox', { name: 'Offer Sand' }));
    await user.click(within(section).getByRole('button', { name: 'Save options and variants' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Sand still has 4 on hand and 0 held: adjust its stock to 0 before removing it',
    );
    expect(sent(server).variants).toEqual([expect.objectContaining({ id: idOf(2) })]);
  });

  it('reorders options and removes a value with the keyboard: the focus follows, each variant keeps its id', async () => {
    signInAs('staff');
    const server = serveVariants({
      [`GET ${VARIANTS}`]: () => ({
        body: {
          options: [
            { name: 'Colour', values: ['Sand', 'Clay'] },
            { name: 'Size', values: ['S', 'L'] },
          ],
          variants: [
            adminVariant(idOf(1), ['Sand', 'S']),
            adminVariant(idOf(2), ['Sand', 'L']),
            adminVariant(idOf(3), ['Clay', 'S']),
            adminVariant(idOf(4), ['Clay', 'L']),
          ],
        },
      }),
      'PUT /api/admin/stock/threshold': (request) => {
        const body = request.body as { variant: string; threshold: number };
        return {
          body: {
            product: PRODUCT_ID,
            variant: body.variant,
            title: '',
            size: 'NA',
            option: 'NA',
            onHand: 0,
            held: 0,
            available: 0,
            lowStockThreshold: body.threshold,
          },
        };
      },
    });
    const { user } = renderApp(`/admin/products/${PRODUCT_ID}`);
    const section = await screen.findByRole('form', { name: 'Options and variants' });
    const grid = within(section).getByRole('region', { name: 'Variants of Desert Bloom Tee' });

    within(section).getByRole('button', { name: 'Move Size up' }).focus();
    await user.keyboard('{Enter}');
    // Size is first now: its 'up' is disabled, so the focus is on its 'down'.
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Move Size down' })).toHaveFocus(),
    );
    expect(within(section).getByLabelText('Name of option 1')).toHaveValue('Size');
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['S / Sand', 'S / Clay', 'L / Sand', 'L / Clay']);

    within(section).getByRole('button', { name: 'Remove Clay from Colour' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(section).getByLabelText('Value 1 of Colour')).toHaveFocus());
    // Both that remain at once: a threshold of 5.
    await user.click(within(grid).getByRole('checkbox', { name: 'Select every variant' }));
    await user.type(within(section).getByLabelText('Threshold of the selected'), '5');
    await user.click(within(section).getByRole('button', { name: 'Set threshold' }));
    expect(within(grid).getByLabelText('Threshold of L / Sand')).toHaveValue('5');
    await user.click(within(section).getByRole('button', { name: 'Save options and variants' }));
    await waitFor(() => expect(server.to('PUT', VARIANTS)).toHaveLength(1));
    expect(sent(server).options).toEqual([
      { name: 'Size', values: ['S', 'L'] },
      { name: 'Colour', values: ['Sand'] },
    ]);
    expect(sent(server).variants).toEqual([
      expect.objectContaining({ id: idOf(1), options: ['S', 'Sand'] }),
      expect.objectContaining({ id: idOf(2), options: ['L', 'Sand'] }),
    ]);
    // Thresholds go to the stock ledger's own endpoint, by variant id.
    await waitFor(() =>
      expect(server.to('PUT', '/api/admin/stock/threshold').map((call) => call.body)).toEqual([
        expect.objectContaining({ product: PRODUCT_ID, variant: idOf(1), threshold: 5 }),
        expect.objectContaining({ product: PRODUCT_ID, variant: idOf(2), threshold: 5 }),
      ]),
    );
    expect(await within(section).findByText('Saved: 2 variants of Desert Bloom Tee')).toBeVisible();
    expect(within(grid).getByLabelText('Threshold of S / Sand')).toHaveValue('5');
  });
});
