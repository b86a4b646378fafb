import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProduct, ProductImage } from '@shop/shared/admin-catalog';
import { ADMIN_CATALOG_MESSAGES } from '@shop/shared/admin-catalog';
import { renderApp } from '../../../test/render-app';
import { clearToastsAfterEach, toastTexts } from '../../account/testing/toasts';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import type { AdminRoutes } from '../testing/admin-server';
import {
  PRODUCT_ID,
  adminProductFixture,
  adminVariantsOf,
  photoFixture,
} from '../testing/catalog-fixtures';

const PATH = `/api/admin/products/${PRODUCT_ID}`;
const PAGE = `/admin/products/${PRODUCT_ID}`;

/** Serves one product that the writes change, as the API would. */
function serveProduct(product: AdminProduct, routes: AdminRoutes = {}) {
  let current = product;
  const server = fakeAdminServer({
    [`GET ${PATH}`]: () => ({ body: current }),
    [`GET ${PATH}/variants`]: () => ({ body: adminVariantsOf(current) }),
    ...routes,
  });
  return {
    ...server,
    set: (next: AdminProduct) => {
      current = next;
    },
    get current() {
      return current;
    },
  };
}

describe('the product editor', () => {
  clearSessionStorageAfterEach();
  clearToastsAfterEach();

  /** Fills the new product's form as a person would. */
  async function fillNewProduct(user: ReturnType<typeof renderApp>['user'], handle = '') {
    await user.type(screen.getByLabelText('Name'), 'Sun Tee');
    await user.selectOptions(screen.getByLabelText('Category'), 'Shirts: self love, women');
    await user.type(screen.getByLabelText('Price ($)'), '24.5');
    await user.click(screen.getByRole('radio', { name: /Sizes/ }));
    if (handle) await user.type(screen.getByLabelText('Handle (optional)'), handle);
  }

  it('checks a new product’s fields before sending it: the first field in error takes the focus', async () => {
    signInAs('staff');
    const server = fakeAdminServer({});
    const { user } = renderApp('/admin/products/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
    expect(screen.getByText(/Photos and stock are added once it is created/)).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('draft');

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('Name is required')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please choose a category')).toBeInTheDocument();
    expect(server.to('POST', '/api/admin/products')).toHaveLength(0);

    // Each message goes as soon as its field is right; the others stay until theirs are.
    await user.type(screen.getByLabelText('Name'), 'Dune Tote');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please choose a category')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Totes');
    expect(screen.queryByText('Please choose a category')).not.toBeInTheDocument();
  });

  it('shows the server’s “handle taken” by the handle field', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'POST /api/admin/products': () => ({
        status: 409,
        body: { message: ADMIN_CATALOG_MESSAGES.handleTaken },
      }),
    });
    const { user } = renderApp('/admin/products/new');
    await screen.findByLabelText('Name');
    await fillNewProduct(user, 'dune-tee');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    const handleError = await screen.findByText(ADMIN_CATALOG_MESSAGES.handleTaken);
    expect(handleError).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Handle (optional)')).toHaveFocus();
    expect(screen.getByLabelText('Handle (optional)')).toHaveAccessibleDescription(
      expect.stringContaining(ADMIN_CATALOG_MESSAGES.handleTaken),
    );
    expect(server.to('POST', '/api/admin/products')[0]!.body).toEqual({
      name: 'Sun Tee',
      description: '',
      price: 24.5,
      category: 'selflove_women_tshirts',
      hasSize: true,
      hasAandB: false,
      handle: 'dune-tee',
      status: 'draft',
      seoTitle: '',
      seoDescription: '',
    });
  });

  it('creates a product with the handle made from its name, then opens it', async () => {
    signInAs('staff');
    const created = adminProductFixture({
      name: 'Sun Tee',
      handle: 'sun-tee',
      status: 'draft',
      price: 24.5,
      photos: [],
    });
    const server = fakeAdminServer({
      'POST /api/admin/products': () => ({ status: 201, body: created }),
      [`GET ${PATH}`]: () => ({ body: created }),
    });
    const { user, router } = renderApp('/admin/products/new');
    await screen.findByLabelText('Name');
    await fillNewProduct(user);
    expect(screen.getByText(/it is made from the name: sun-tee/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    const post = server.to('POST', '/api/admin/products')[0]!;
    expect(post.body).not.toHaveProperty('handle');
    expect(post.credentials).toBe('same-origin');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sun Tee' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Product created')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(toastTexts()).toContain('Sun Tee created'));
    // The product's page shows it in full, stock and photos included.
    expect(screen.getByRole('table', { name: 'Stock of Sun Tee' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Photos' })).toBeVisible();
  });

  it('saves changes: a validation error from the server shows by its field, then “Saved”', async () => {
    signInAs('owner');
    const product = adminProductFixture();
    let invalid = true;
    const server = serveProduct(product, {
      [`PUT ${PATH}`]: (request) => {
        if (invalid) {
          return {
            status: 400,
            body: {
              message: 'Price must have at most two decimals',
              errors: [{ path: 'price', message: 'Price must have at most two decimals' }],
            },
          };
        }
        const body = request.body as Partial<AdminProduct>;
        // The server sanitises: what comes back is what it stored.
        return { body: { ...product, ...body, description: '<p>Softer cotton.</p>' } };
      },
    });
    const { user } = renderApp(PAGE);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Dune Tee');
    expect(screen.getByLabelText('Price ($)')).toHaveValue('25.00');
    expect(screen.getByLabelText('Handle (optional)')).toHaveValue('dune-tee');
    expect(screen.getByRole('radio', { name: /Sizes/ })).toBeChecked();

    await user.clear(name);
    await user.type(name, 'Dune Tee II');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const priceError = await screen.findByText('Price must have at most two decimals');
    expect(priceError).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Price ($)')).toHaveFocus();
    expect(screen.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');

    invalid = false;
    // As a person would: once the button says 'Save changes' again (the refusal ends 'Saving…').
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Price must have at most two decimals')).not.toBeInTheDocument();
    // What the server stored shows in the editor.
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent(
      'Softer cotton.',
    );
    const puts = server.to('PUT', PATH);
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({
      name: 'Dune Tee II',
      price: 25,
      handle: 'dune-tee',
      status: 'published',
      hasSize: true,
      hasAandB: false,
    });
    // Typing again takes 'Saved' away: it would no longer be true.
    await user.type(screen.getByLabelText('Name'), '!');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows a save failure no field owns at the top of the form', async () => {
    signInAs('staff');
    serveProduct(adminProductFixture(), {
      [`PUT ${PATH}`]: () => ({ status: 503, body: { message: 'The database is busy' } }),
    });
    const { user } = renderApp(PAGE);
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const form = screen.getByRole('form', { name: 'Product details' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('The database is busy');
  });

  it('writes the description in a rich-text editor with a toolbar, a size chart included', async () => {
    signInAs('staff');
    const product = adminProductFixture({ description: '<p>Soft <strong>cotton</strong></p>' });
    const server = serveProduct(product, {
      [`PUT ${PATH}`]: (request) => ({ body: { ...product, ...(request.body as object) } }),
    });
    const { user } = renderApp(PAGE);
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(description).toHaveAccessibleDescription(/tables \(a size chart\)/);
    expect(description.querySelector('strong')).toHaveTextContent('cotton');
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(toolbar).getByRole('button', { name: 'Delete table' })).toBeDisabled();

    await user.click(within(toolbar).getByRole('button', { name: 'Insert table' }));
    const table = await within(description).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(toolbar).getByRole('button', { name: 'Delete table' })).toBeEnabled();
    await user.click(within(toolbar).getByRole('button', { name: 'Add row' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // Tab moves between cells; Escape leaves the text for the toolbar.
    description.focus();
    await user.keyboard('{Escape}');
    expect(toolbar).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveAttribute('tabindex', '0');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sent = (server.to('PUT', PATH)[0]!.body as AdminProduct).description;
    // The table went where the cursor was (the start), the text stays as it was.
    expect(sent).toMatch(/^<table><tbody><tr><th><p><\/p><\/th>/);
    expect(sent).toContain('</table><p>Soft <strong>cotton</strong></p>');
    expect(sent.match(/<tr>/g)).toHaveLength(4);
  });

  it('checks a link’s address before it sets it', async () => {
    signInAs('staff');
    serveProduct(adminProductFixture({ description: '<p>Care</p>' }));
    const { user } = renderApp(PAGE);
    await screen.findByRole('textbox', { name: 'Description' });
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    expect(address).toHaveFocus();
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/https:\/\/, http:\/\/ or mailto:/);
    expect(address).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument();
  });

  it('uploads a photo chosen with the file input, alt text required first', async () => {
    signInAs('staff');
    const product = adminProductFixture({ photos: [] });
    const uploaded = photoFixture({ _id: 'img-9', slot: 'gallery', alt: 'The tee on a dune' });
    const server = serveProduct(product, {
      [`POST ${PATH}/images`]: () => ({ status: 201, body: { photos: [uploaded] } }),
    });
    const { user } = renderApp(PAGE);
    const gallery = await screen.findByRole('region', { name: 'Gallery' });
    expect(within(gallery).getByText('No photos yet.')).toBeInTheDocument();
    // Plain products have no option slots.
    expect(screen.queryByRole('region', { name: 'Option A' })).not.toBeInTheDocument();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'dune.png', { type: 'image/png' });
    await user.upload(within(gallery).getByLabelText('Choose a photo'), file);
    expect(within(gallery).getByText('Chosen: dune.png (1 kB)')).toBeInTheDocument();
    await user.click(within(gallery).getByRole('button', { name: 'Upload photo' }));
    expect(await within(gallery).findByRole('alert')).toHaveTextContent(
      ADMIN_CATALOG_MESSAGES.imageAltRequired,
    );
    expect(within(gallery).getByLabelText(/^Alt text/)).toHaveFocus();
    expect(server.to('POST', `${PATH}/images`)).toHaveLength(0);

    await user.type(within(gallery).getByLabelText(/^Alt text/), ' The tee on a dune ');
    await user.click(within(gallery).getByRole('button', { name: 'Upload photo' }));
    expect(await within(gallery).findByRole('img', { name: 'The tee on a dune' })).toBeVisible();
    const post = server.to('POST', `${PATH}/images`)[0]!;
    expect(post.credentials).toBe('same-origin');
    const form = post.body as FormData;
    expect(form.get('alt')).toBe('The tee on a dune');
    expect(form.get('slot')).toBe('gallery');
    expect((form.get('file') as File).name).toBe('dune.png');
    expect(within(gallery).getByText('Uploaded dune.png')).toHaveAttribute('role', 'status');
    expect(within(gallery).getByLabelText(/^Alt text/)).toHaveValue('');
  });

  it('shows the server’s refusal of a file that is no photo', async () => {
    signInAs('staff');
    serveProduct(adminProductFixture({ photos: [] }), {
      [`POST ${PATH}/images`]: () => ({
        status: 400,
        body: { message: ADMIN_CATALOG_MESSAGES.imageNotDecodable },
      }),
    });
    const { user } = renderApp(PAGE);
    const main = await screen.findByRole('region', { name: 'Main photo' });
    await user.type(within(main).getByLabelText(/^Alt text/), 'A tee');
    const upload = within(main).getByLabelText('Choose a photo');
    const text = new File(['not a photo'], 'notes.png', { type: 'image/png' });
    await user.upload(upload, text);
    await user.click(within(main).getByRole('button', { name: 'Upload photo' }));
    expect(await within(main).findByRole('alert')).toHaveTextContent(
      ADMIN_CATALOG_MESSAGES.imageNotDecodable,
    );
  });

  it('moves a photo later and deletes one after asking', async () => {
    signInAs('staff');
    const photos: ProductImage[] = [
      photoFixture({ _id: 'g-1', slot: 'gallery', position: 0, alt: 'Front' }),
      photoFixture({ _id: 'g-2', slot: 'gallery', position: 1, alt: 'Back' }),
    ];
    const server = serveProduct(adminProductFixture({ photos }), {
      [`PUT ${PATH}/images/order`]: () => ({
        body: {
          photos: [
            { ...photos[1]!, position: 0 },
            { ...photos[0]!, position: 1 },
          ],
        },
      }),
      [`DELETE ${PATH}/images/g-2`]: () => ({
        body: { photos: [{ ...photos[0]!, position: 0 }] },
      }),
    });
    const { user } = renderApp(PAGE);
    const gallery = await screen.findByRole('region', { name: 'Gallery' });
    const order = () =>
      within(within(gallery).getByRole('list'))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt'));
    expect(order()).toEqual(['Front', 'Back']);

    const later = within(gallery).getByRole('button', { name: 'Move “Front” later' });
    await user.click(later);
    await waitFor(() => expect(order()).toEqual(['Back', 'Front']));
    expect(server.to('PUT', `${PATH}/images/order`)[0]!.body).toEqual({
      slot: 'gallery',
      imageIds: ['g-2', 'g-1'],
    });
    expect(within(gallery).getByText('“Front” is now photo 2 of 2')).toBeInTheDocument();
    // The focus stays with the photo that moved, on its (now inert) 'later' button.
    const movedLater = within(gallery).getByRole('button', { name: 'Move “Front” later' });
    await waitFor(() => expect(movedLater).toHaveFocus());
    expect(movedLater).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(gallery).getByRole('button', { name: 'Delete “Back”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(dialog).toHaveTextContent('“Back” is removed from the gallery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog closes as the answer arrives; the gallery shows it a render later.
    await waitFor(() => expect(order()).toEqual(['Front']));
    expect(server.to('DELETE', `${PATH}/images/g-2`)).toHaveLength(1);
  });

  it('shows option A and B photo slots for a product with options', async () => {
    signInAs('staff');
    serveProduct(
      adminProductFixture({
        hasSize: false,
        hasAandB: true,
        variants: [
          {
            variant: 'c3d4e5f6-0000-4000-8000-00000000000a',
            title: 'A',
            size: 'NA',
            option: 'A',
            onHand: 4,
            held: 0,
            available: 4,
            lowStockThreshold: 3,
          },
          {
            variant: 'c3d4e5f6-0000-4000-8000-00000000000b',
            title: 'B',
            size: 'NA',
            option: 'B',
            onHand: 1,
            held: 0,
            available: 1,
            lowStockThreshold: 3,
          },
        ],
      }),
    );
    renderApp(PAGE);
    expect(await screen.findByRole('region', { name: 'Option A' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Option B' })).toBeInTheDocument();
    const stock = screen.getByRole('table', { name: 'Stock of Dune Tee' });
    expect(within(stock).getByRole('row', { name: /Option B/ })).toHaveTextContent('Low');
  });

  it('adjusts stock: the dialog says what will happen and shows a 409 from the server', async () => {
    signInAs('staff');
    const server = serveProduct(adminProductFixture(), {
      'POST /api/admin/stock/adjust': () => ({
        status: 409,
        body: { message: ADMIN_CATALOG_MESSAGES.belowHeld(2) },
      }),
    });
    const { user } = renderApp(PAGE);
    const stock = await screen.findByRole('table', { name: 'Stock of Dune Tee' });
    const row = within(stock).getByRole('row', { name: /S\/M/ });
    expect(row).toHaveTextContent(/S\/M12210/);
    await user.click(within(row).getByRole('button', { name: 'Adjust stock of S/M' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock: Dune Tee, S/M' });
    expect(dialog).toHaveTextContent('On hand is 12 (2 held by open checkouts, 10 available)');

    await user.type(within(dialog).getByLabelText('Change in units'), '-11');
    expect(dialog).toHaveTextContent('On hand 12 → 1 · available 10 → -1');
    expect(dialog).toHaveTextContent('cannot go below what open checkouts hold (2)');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Damaged: units written off');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Leak');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ADMIN_CATALOG_MESSAGES.belowHeld(2),
    );
    expect(server.to('POST', '/api/admin/stock/adjust')[0]!.body).toEqual({
      product: PRODUCT_ID,
      // By the variant's id (any variant, not only the spec's sizes).
      variant: 'c3d4e5f6-0000-4000-8000-000000000001',
      size: 'NA',
      option: 'NA',
      change: -11,
      reason: 'damaged',
      note: 'Leak',
    });
  });

  it('adjusts stock: once done, the row shows the new counts and the focus is back on its button', async () => {
    signInAs('staff');
    const product = adminProductFixture();
    const server = serveProduct(product, {
      'POST /api/admin/stock/adjust': () => {
        const variants = product.variants.map((variant) =>
          variant.size === 'S/M' ? { ...variant, onHand: 10, available: 8 } : variant,
        );
        server.set({ ...product, variants });
        return { body: { product: PRODUCT_ID, ...variants[0]! } };
      },
    });
    const { user } = renderApp(PAGE);
    const stock = await screen.findByRole('table', { name: 'Stock of Dune Tee' });
    await user.click(within(stock).getByRole('button', { name: 'Adjust stock of S/M' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Change in units'), '-2');
    expect(dialog).toHaveTextContent('On hand 12 → 10 · available 10 → 8');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST', '/api/admin/stock/adjust')[0]!.body).toMatchObject({
      change: -2,
      reason: 'received',
    });
    await waitFor(() =>
      expect(within(stock).getByRole('row', { name: /S\/M/ })).toHaveTextContent(/S\/M1028/),
    );
    expect(within(stock).getByRole('button', { name: 'Adjust stock of S/M' })).toHaveFocus();
    await waitFor(() => expect(toastTexts()).toContain('Dune Tee, S/M: on hand 10, available 8'));
  });

  it('refuses a change that is not a whole number before asking the server', async () => {
    signInAs('staff');
    const server = serveProduct(adminProductFixture());
    const { user } = renderApp(PAGE);
    const stock = await screen.findByRole('table', { name: 'Stock of Dune Tee' });
    await user.click(within(stock).getByRole('button', { name: 'Adjust stock of L' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Change in units'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Change must be a whole number',
    );
    expect(server.to('POST', '/api/admin/stock/adjust')).toHaveLength(0);
  });

  it('saves a variant’s low-stock threshold from its row', async () => {
    signInAs('staff');
    const product = adminProductFixture();
    const server = serveProduct(product, {
      'PUT /api/admin/stock/threshold': () => {
        const variants = product.variants.map((variant) =>
          variant.size === 'XL' ? { ...variant, lowStockThreshold: 1 } : variant,
        );
        server.set({ ...product, variants });
        return { body: { product: PRODUCT_ID, ...variants[2]! } };
      },
    });
    const { user } = renderApp(PAGE);
    const threshold = await screen.findByLabelText('Low-stock threshold of XL');
    expect(threshold).toHaveValue('3');
    const stock = screen.getByRole('table', { name: 'Stock of Dune Tee' });
    const xl = within(stock).getByRole('row', { name: /XL/ });
    expect(xl).toHaveTextContent('Low');

    await user.clear(threshold);
    await user.type(threshold, 'x');
    await user.click(screen.getByRole('button', { name: 'Save the threshold of XL' }));
    expect(await within(xl).findByRole('alert')).toHaveTextContent('Threshold must be a number');

    await user.clear(threshold);
    await user.type(threshold, '1');
    await user.click(screen.getByRole('button', { name: 'Save the threshold of XL' }));
    expect(await screen.findByText('Low-stock threshold of XL is now 1')).toHaveAttribute(
      'role',
      'status',
    );
    expect(server.to('PUT', '/api/admin/stock/threshold')[0]!.body).toEqual({
      product: PRODUCT_ID,
      variant: 'c3d4e5f6-0000-4000-8000-000000000003',
      size: 'NA',
      option: 'NA',
      threshold: 1,
    });
    await waitFor(() =>
      expect(within(stock).getByRole('row', { name: /XL/ })).not.toHaveTextContent('Low'),
    );
    expect(screen.getByRole('button', { name: 'Save the threshold of XL' })).toHaveFocus();
  });

  it('links to the product’s movement history, and says when the product does not exist', async () => {
    signInAs('staff');
    serveProduct(adminProductFixture());
    const { router } = renderApp(PAGE);
    expect(
      await screen.findByRole('link', { name: 'Movement history of this product' }),
    ).toHaveAttribute('href', `/admin/stock/movements?product=${PRODUCT_ID}`);
    await router.navigate('/admin/products/b2c3d4e5-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });
});

describe('the product editor’s link to the shop', () => {
  clearSessionStorageAfterEach();
  clearToastsAfterEach();

  it('opens the product at its handle’s address, the new one once a rename is saved', async () => {
    signInAs('staff');
    const product = adminProductFixture({ status: 'published' });
    const server = serveProduct(product, {
      [`PUT ${PATH}`]: (request) => {
        server.set({ ...product, ...(request.body as Partial<AdminProduct>) });
        return { body: server.current };
      },
    });
    const { user } = renderApp(PAGE);
    const shop = await screen.findByRole('link', { name: 'See it in the shop' });
    expect(shop).toHaveAttribute('href', '/products/dune-tee');

    const handle = screen.getByLabelText('Handle (optional)');
    await user.clear(handle);
    await user.type(handle, 'dune-tee-classic');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'See it in the shop' })).toHaveAttribute(
        'href',
        '/products/dune-tee-classic',
      ),
    );
  });
});
