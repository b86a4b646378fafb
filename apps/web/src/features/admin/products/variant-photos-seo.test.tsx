import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProduct, VariantStock } from '@shop/shared/admin-catalog';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';
import type { AdminRoutes } from '../testing/admin-server';
import { PRODUCT_ID, adminProductFixture, photoFixture } from '../testing/catalog-fixtures';

// The editor's variant photos and search engine listing (decision 037).
const PATH = `/api/admin/products/${PRODUCT_ID}`;
const PAGE = `/admin/products/${PRODUCT_ID}`;

const variant = (id: string, title: string): VariantStock => ({
  variant: id,
  title,
  size: 'NA',
  option: 'NA',
  onHand: 4,
  held: 0,
  available: 4,
  lowStockThreshold: 3,
});

/** A Colour × Size tee, as the variants' section writes it. */
const colourBySize = (overrides: Partial<AdminProduct> = {}) =>
  adminProductFixture({
    hasSize: false,
    photos: [],
    variants: [
      variant('v-sand-m', 'Sand / M'),
      variant('v-clay-m', 'Clay / M'),
      variant('v-clay-xl', 'Clay / XL'),
    ],
    ...overrides,
  });

function serveProduct(product: AdminProduct, routes: AdminRoutes = {}) {
  const server = fakeAdminServer({ [`GET ${PATH}`]: () => ({ body: product }), ...routes });
  return server;
}

describe('the search engine listing', () => {
  clearSessionStorageAfterEach();

  it('previews the search result as the owner types, then saves the SEO title and description', async () => {
    signInAs('owner');
    const product = adminProductFixture({
      description: `<p>${'Soft cotton, woven in the desert. '.repeat(8)}</p>`,
    });
    const server = serveProduct(product, {
      [`PUT ${PATH}`]: (request) => {
        const saved = { ...product, ...(request.body as Partial<AdminProduct>) };
        return { body: saved };
      },
    });
    const { user } = renderApp(PAGE);
    const preview = await screen.findByTestId('seo-preview');
    // Nothing given: the name and the description's text, cut as a search engine cuts it.
    expect(preview).toHaveTextContent(`https://${window.location.host}/products/dune-tee`);
    expect(preview).toHaveTextContent('Dune Tee | Sadu Sands');
    const shown = within(preview).getByText(/^Soft cotton/).textContent ?? '';
    expect(shown.length).toBeLessThanOrEqual(160);
    expect(shown.endsWith('…')).toBe(true);

    const title = screen.getByLabelText('SEO title (optional)');
    await user.type(title, 'Dune Tee in organic cotton');
    expect(preview).toHaveTextContent('Dune Tee in organic cotton | Sadu Sands');
    expect(screen.getByText(/^26 of 70 characters/)).toBeInTheDocument();
    const description = screen.getByLabelText('SEO description (optional)');
    await user.type(description, 'Sand-coloured tee, woven pattern.');
    expect(within(preview).getByText('Sand-coloured tee, woven pattern.')).toBeVisible();
    // A long title is cut in the result as search engines cut it.
    await user.clear(title);
    await user.type(title, 'A very long title that goes well past what a search result shows');
    expect(preview).toHaveTextContent(
      'A very long title that goes well past what a search result…',
    );
    await user.clear(title);
    await user.type(title, 'Dune Tee in organic cotton');

    // The handle typed is the address shown.
    const handle = screen.getByLabelText('Handle (optional)');
    await user.clear(handle);
    await user.type(handle, 'dune-tee-organic');
    expect(preview).toHaveTextContent('/products/dune-tee-organic');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(server.to('PUT', PATH)[0]!.body).toMatchObject({
      seoTitle: 'Dune Tee in organic cotton',
      seoDescription: 'Sand-coloured tee, woven pattern.',
    });
  });

  it('shows the server’s refusal by the SEO field and focuses it', async () => {
    signInAs('owner');
    serveProduct(adminProductFixture(), {
      [`PUT ${PATH}`]: () => ({
        status: 400,
        body: {
          message: 'SEO description must be at most 320 characters',
          errors: [
            { path: 'seoDescription', message: 'SEO description must be at most 320 characters' },
          ],
        },
      }),
    });
    const { user } = renderApp(PAGE);
    await user.type(await screen.findByLabelText('SEO description (optional)'), 'Too long');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('SEO description must be at most 320 characters'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('SEO description (optional)')).toHaveFocus();
  });
});

describe('variant photos', () => {
  clearSessionStorageAfterEach();

  it('uploads a photo for the variant chosen and orders that variant’s photos', async () => {
    signInAs('staff');
    const first = photoFixture({
      _id: 'vp-1',
      slot: 'variant',
      variantId: 'v-clay-xl',
      position: 0,
      alt: 'Clay tee, front',
    });
    const server = serveProduct(colourBySize(), {
      [`POST ${PATH}/images`]: () => ({ status: 201, body: { photos: [first] } }),
    });
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Variant photos' });
    const chooser = within(section).getByLabelText('Variant');
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sand / M', 'Clay / M', 'Clay / XL']);
    await user.selectOptions(chooser, 'Clay / XL');
    const slot = within(section).getByRole('region', { name: 'Clay / XL photos' });
    expect(within(slot).getByText('No photos yet.')).toBeInTheDocument();

    await user.type(within(slot).getByLabelText(/^Alt text/), 'Clay tee, front');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'clay.png', { type: 'image/png' });
    await user.upload(within(slot).getByLabelText('Choose a photo'), file);
    await user.click(within(slot).getByRole('button', { name: 'Upload photo' }));
    expect(await within(slot).findByRole('img', { name: 'Clay tee, front' })).toBeVisible();
    const form = server.to('POST', `${PATH}/images`)[0]!.body as FormData;
    expect([form.get('slot'), form.get('variant'), form.get('alt')]).toEqual([
      'variant',
      'v-clay-xl',
      'Clay tee, front',
    ]);
    // The chooser says which variants have photos of their own.
    expect(
      within(chooser).getByRole('option', { name: 'Clay / XL (1 photo)' }),
    ).toBeInTheDocument();
  });

  it('moves a variant’s photo later: the order names the variant', async () => {
    signInAs('staff');
    const first = photoFixture({
      _id: 'vp-1',
      slot: 'variant',
      variantId: 'v-clay-xl',
      position: 0,
      alt: 'Clay tee, front',
    });
    const second = { ...first, _id: 'vp-2', position: 1, alt: 'Clay tee, back' };
    const server = serveProduct(colourBySize({ photos: [first, second] }), {
      [`PUT ${PATH}/images/order`]: () => ({
        body: {
          photos: [
            { ...second, position: 0 },
            { ...first, position: 1 },
          ],
        },
      }),
    });
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Variant photos' });
    await user.selectOptions(within(section).getByLabelText('Variant'), 'Clay / XL (2 photos)');
    const slot = within(section).getByRole('region', { name: 'Clay / XL photos' });
    await user.click(within(slot).getByRole('button', { name: 'Move “Clay tee, front” later' }));
    await waitFor(() =>
      expect(
        within(slot)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Clay tee, back', 'Clay tee, front']),
    );
    expect(server.to('PUT', `${PATH}/images/order`)[0]!.body).toEqual({
      slot: 'variant',
      variant: 'v-clay-xl',
      imageIds: ['vp-2', 'vp-1'],
    });
  });

  it('is not offered for a product without options', async () => {
    signInAs('staff');
    serveProduct(adminProductFixture({ hasSize: false, variants: [variant('v-1', '')] }));
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Gallery' });
    expect(screen.queryByRole('region', { name: 'Variant photos' })).not.toBeInTheDocument();
  });

  it('is not offered for the spec’s A/B products: their Option A and B slots are those variants’ photos', async () => {
    signInAs('staff');
    serveProduct(
      adminProductFixture({
        hasSize: false,
        hasAandB: true,
        variants: [variant('v-a', 'A'), variant('v-b', 'B')],
      }),
    );
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Option A' });
    expect(screen.queryByRole('region', { name: 'Variant photos' })).not.toBeInTheDocument();
  });
});
