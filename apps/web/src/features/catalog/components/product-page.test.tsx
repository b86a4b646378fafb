import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { LINE_LIMIT_MESSAGE, MAX_UNITS_PER_LINE } from '@shop/shared/order-limits';
import { QUANTITY_NOT_AVAILABLE } from '@shop/shared/stock';
import type { Review } from '@shop/shared/catalog';
import { productFixture, stock } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { productsApi } from '../api/products-api';
import { CATEGORY_PAGES } from '../category-pages';

const strap = (countA: number, countB: number) =>
  productFixture({
    _id: 'strap-1',
    name: 'Sadu Classic Strap',
    category: 'belts',
    hasAandB: true,
    images: ['/img/strap.svg'],
    imagesOptionA: ['/img/strap-a.svg', '/img/strap-a-detail.svg'],
    imagesOptionB: ['/img/strap-b.svg'],
    countInStock: stock({ total: countA + countB, countA, countB }),
  });

const tee = productFixture({
  _id: 'tee-1',
  name: 'Strong & Kind Tee',
  category: 'selflove_men_tshirts',
  hasSize: true,
  countInStock: stock({ total: 5, smallMed: 3, large: 2, xlarge: 0 }),
});

// Sonner keeps its toasts module-wide: one test's message must not show in the next.
afterEach(() => {
  toast.dismiss();
});

const checked = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => (radio as HTMLInputElement).value);

describe('the product page', () => {
  it.each([
    { countA: 4, countB: 4, expected: ['A'], status: 'In Stock' },
    { countA: 0, countB: 4, expected: ['B'], status: 'In Stock' },
    { countA: 0, countB: 0, expected: [], status: 'Sold Out' },
  ])(
    'chooses option $expected when A has $countA and B has $countB',
    async ({ countA, countB, expected, status }) => {
      mockApi([strap(countA, countB)]);
      renderApp('/products/strap-1');
      await screen.findByRole('heading', { level: 1, name: 'Sadu Classic Strap' });
      expect(checked('Option')).toEqual(expected);
      expect(screen.getByText(status, { selector: 'span' })).toBeInTheDocument();
    },
  );

  it('says Sold Out on a disabled button and marks the sold-out choices', async () => {
    mockApi([strap(0, 0)]);
    renderApp('/products/strap-1');
    await screen.findByRole('heading', { level: 1, name: 'Sadu Classic Strap' });
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'A — sold out' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'B — sold out' })).toBeEnabled();
  });

  it('opens a sized product at its first size in stock when S/M is sold out', async () => {
    const hoodie = productFixture({
      _id: 'hoodie-1',
      name: 'Desert Hoodie',
      category: 'hoodies',
      hasSize: true,
      countInStock: stock({ total: 5, smallMed: 0, large: 2, xlarge: 3 }),
    });
    mockApi([hoodie]);
    const { user } = renderApp('/products/hoodie-1');
    await screen.findByRole('heading', { level: 1, name: 'Desert Hoodie' });
    expect(checked('Size')).toEqual(['L']);
    expect(screen.getByRole('radio', { name: 'S/M — sold out' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'L' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
    // A sold-out size can still be chosen, from the keyboard too: the page then says so.
    await user.click(screen.getByRole('radio', { name: 'L' }));
    await user.keyboard('{ArrowLeft}');
    expect(checked('Size')).toEqual(['S/M']);
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  });

  it('starts sized products at S/M and shows the chosen size’s stock', async () => {
    mockApi([tee]);
    const { user } = renderApp('/products/tee-1');
    await screen.findByRole('heading', { level: 1, name: 'Strong & Kind Tee' });
    expect(checked('Size')).toEqual(['S/M']);
    expect(screen.queryByRole('group', { name: 'Option' })).not.toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'XL — sold out' }));
    expect(screen.getByText('Sold Out', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  });

  it('shows the option’s own images and lets thumbnails switch the picture', async () => {
    mockApi([strap(2, 2)]);
    const { user } = renderApp('/products/strap-1');
    const main = await screen.findByRole('img', { name: 'Sadu Classic Strap, image 1 of 2' });
    expect(main).toHaveAttribute('src', '/img/strap-a.svg');
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Sadu Classic Strap, image 2 of 2' })).toHaveAttribute(
      'src',
      '/img/strap-a-detail.svg',
    );
    await user.click(screen.getByRole('radio', { name: /^B/ }));
    expect(screen.getByRole('img', { name: 'Sadu Classic Strap' })).toHaveAttribute(
      'src',
      '/img/strap-b.svg',
    );
  });

  it('shows uploaded photos with their renditions (srcset) and the alt text written for them', async () => {
    const photo = (hash: string) => `/api/images/${hash.repeat(32)}-800.webp`;
    mockApi([
      productFixture({
        _id: 'photo-1',
        name: 'Photographed Tote',
        image: photo('a'),
        images: [photo('a'), photo('b')],
        imageAlts: { [photo('a')]: 'The tote from the front' },
      }),
    ]);
    const { user } = renderApp('/products/photo-1');
    const main = await screen.findByRole('img', { name: 'The tote from the front' });
    expect(main).toHaveAttribute('src', photo('a'));
    expect(main).toHaveAttribute(
      'srcset',
      ['400', '800', '1600'].map((w) => `/api/images/${'a'.repeat(32)}-${w}.webp ${w}w`).join(', '),
    );
    expect(main).toHaveAttribute(
      'sizes',
      '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw',
    );
    // A photo without alt text of its own keeps the name-based one.
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Photographed Tote, image 2 of 2' })).toHaveAttribute(
      'srcset',
      expect.stringContaining(`${'b'.repeat(32)}-1600.webp 1600w`),
    );
  });

  it('notes that straps come without the bag', async () => {
    mockApi([strap(1, 1), tee]);
    renderApp('/products/strap-1');
    expect(await screen.findByText('BAG IS NOT INCLUDED')).toBeInTheDocument();
  });

  it('keeps the quantity at 1 or more and refuses more than the variant has', async () => {
    mockApi([strap(2, 9)]);
    const { user, router } = renderApp('/products/strap-1');
    const quantity = await screen.findByRole('group', { name: 'Quantity' });
    const field = within(quantity).getByRole('textbox', { name: 'Quantity' });
    const minus = within(quantity).getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(field).toHaveValue('1');

    // Three of option B (9 in stock), then option A, which has 2.
    await user.click(screen.getByRole('radio', { name: /^B/ }));
    const plus = within(quantity).getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    await user.click(plus);
    expect(field).toHaveValue('3');
    await user.click(screen.getByRole('radio', { name: /^A/ }));
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(await screen.findByText(QUANTITY_NOT_AVAILABLE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/strap-1');

    await user.click(screen.getByRole('radio', { name: /^B/ }));
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toMatchObject([
      { product: 'strap-1', option: 'B', size: 'NA', qty: 3 },
    ]);
  });

  it('stops plus at the variant’s stock when it has fewer than the line limit, and says why', async () => {
    mockApi([strap(2, 9)]);
    const { user } = renderApp('/products/strap-1');
    const quantity = await screen.findByRole('group', { name: 'Quantity' });
    const plus = within(quantity).getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await user.click(plus);
    expect(within(quantity).getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
    expect(await screen.findByText(QUANTITY_NOT_AVAILABLE)).toBeInTheDocument();
    // Focus stays on the button the shopper pressed.
    expect(plus).toHaveFocus();
  });

  it('shows the rating with one decimal, or ? without reviews, and says No Reviews', async () => {
    mockApi([productFixture({ _id: 'p-1', rating: 0, numReviews: 0 })]);
    renderApp('/products/p-1');
    expect(await screen.findByRole('img', { name: 'Not rated yet' })).toBeInTheDocument();
    expect(screen.getByText('?')).toBeInTheDocument();
    expect(screen.getByText('No Reviews')).toBeInTheDocument();
  });

  it('lists reviews newest first, four per page, with a pager', async () => {
    const reviews: Review[] = Array.from({ length: 6 }, (_, i) => ({
      _id: `r${i}`,
      name: `Reviewer ${i}`,
      rating: 4,
      comment: `Comment ${i}`,
      createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
    }));
    mockApi([productFixture({ _id: 'p-1', rating: 4.25, numReviews: 6, reviews })]);
    const { user } = renderApp('/products/p-1');
    expect(await screen.findByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    const names = () => screen.getAllByText(/^Reviewer \d$/).map((el) => el.textContent);
    expect(names()).toEqual(['Reviewer 5', 'Reviewer 4', 'Reviewer 3', 'Reviewer 2']);
    const pager = screen.getByRole('navigation', { name: 'Review pages' });
    await user.click(within(pager).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(names()).toEqual(['Reviewer 1', 'Reviewer 0']));
  });
});

describe('the product page’s limit of units per line', () => {
  const plenty = productFixture({ _id: 'tote-1', countInStock: stock({ total: 50 }) });
  const storedLines = () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[];

  async function typeQuantity(text: string) {
    mockApi([plenty]);
    const view = renderApp('/products/tote-1');
    const field = await screen.findByRole('textbox', { name: 'Quantity' });
    await view.user.clear(field);
    await view.user.type(field, text);
    return { ...view, field };
  }

  it(`refuses a typed quantity within the stock but above ${MAX_UNITS_PER_LINE}, naming the limit`, async () => {
    const { user, router, field } = await typeQuantity(String(MAX_UNITS_PER_LINE + 1));
    expect(field).toHaveValue('11');
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(await screen.findByText(LINE_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(QUANTITY_NOT_AVAILABLE)).toBeNull();
    expect(router.state.location.pathname).toBe('/products/tote-1');
    expect(storedLines()).toEqual([]);
  });

  it('refuses a typed quantity above the stock with the spec’s message', async () => {
    const { user, router } = await typeQuantity('60');
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(await screen.findByText(QUANTITY_NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.queryByText(LINE_LIMIT_MESSAGE)).toBeNull();
    expect(router.state.location.pathname).toBe('/products/tote-1');
    expect(storedLines()).toEqual([]);
  });

  it(`stops plus at ${MAX_UNITS_PER_LINE} with more in stock, says why, and adds ${MAX_UNITS_PER_LINE}`, async () => {
    mockApi([plenty]);
    const { user, router } = renderApp('/products/tote-1');
    const quantity = await screen.findByRole('group', { name: 'Quantity' });
    const field = within(quantity).getByRole('textbox', { name: 'Quantity' });
    const plus = within(quantity).getByRole('button', { name: 'Increase quantity' });
    for (let qty = 1; qty < MAX_UNITS_PER_LINE; qty += 1) await user.click(plus);
    expect(field).toHaveValue(String(MAX_UNITS_PER_LINE));
    expect(plus).toHaveAttribute('aria-disabled', 'true');

    await user.click(plus);
    expect(field).toHaveValue(String(MAX_UNITS_PER_LINE));
    expect(await screen.findByText(LINE_LIMIT_MESSAGE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(storedLines()).toMatchObject([{ product: 'tote-1', qty: MAX_UNITS_PER_LINE }]);
  });

  it('takes only whole numbers from 1 and shows the quantity again when the field is left empty', async () => {
    const { user, field } = await typeQuantity('4');
    expect(field).toHaveValue('4');
    await user.clear(field);
    await user.type(field, '0');
    await user.tab();
    expect(field).toHaveValue('4');
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue('4');
    // The visible label names the field too.
    expect(screen.getByLabelText('Quantity', { selector: 'input' })).toBe(field);
  });
});

describe('the product-not-found page', () => {
  /** The page's own way on: its heading, search form, category links and home link. */
  async function expectNotFoundPage() {
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // A plain form and plain links: they work before (or without) the page's script.
    const search = screen.getByRole('search', { name: 'Search the shop' });
    expect(search).toHaveAttribute('action', '/search');
    expect(search).toHaveAttribute('method', 'get');
    expect(within(search).getByRole('combobox', { name: 'Search products' })).toHaveAttribute(
      'name',
      'keyword',
    );
    const categories = screen.getByRole('navigation', { name: 'Shop categories' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(Object.entries(CATEGORY_PAGES).map(([slug, page]) => [page.title, `/${slug}`]));
    expect(screen.getByRole('link', { name: 'home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Product not found | Sadu Sands'));
  }

  it('answers an unknown product id (404) with a way on', async () => {
    mockApi([]);
    renderApp('/products/missing');
    await expectNotFoundPage();
  });

  it('answers a malformed product id (400: too long, control characters) the same way', async () => {
    mockApi([], (url) =>
      url.pathname.startsWith('/api/products/')
        ? { status: 400, body: { message: 'Product id contains characters that are not allowed' } }
        : undefined,
    );
    renderApp(`/products/${'x'.repeat(101)}`);
    await expectNotFoundPage();
  });

  it('keeps the error alert for other failures (a server error)', async () => {
    mockApi([], (url) =>
      url.pathname === '/api/products/p-1'
        ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }
        : undefined,
    );
    renderApp('/products/p-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(screen.queryByRole('heading', { name: 'Product not found' })).not.toBeInTheDocument();
  });

  it('keeps the not-found content, not a spinner, while the product is asked for again', async () => {
    let answerAgain: (answer: { status: number; body: unknown }) => void = () => {};
    let asked = 0;
    mockApi([], (url) => {
      if (url.pathname !== '/api/products/missing') return undefined;
      asked += 1;
      if (asked === 1) return { status: 404, body: { message: 'Product not found' } };
      return new Promise((resolve) => {
        answerAgain = resolve;
      });
    });
    const { store } = renderApp('/products/missing');
    await expectNotFoundPage();
    // As after hydration, where RTK Query asks again for a query that failed on the server.
    store.dispatch(productsApi.util.invalidateTags([{ type: 'Product', id: 'missing' }]));
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByText('Loading product…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    answerAgain({ status: 404, body: { message: 'Product not found' } });
    await waitFor(() =>
      expect(store.getState().api.queries['getProduct("missing")']?.status).toBe('rejected'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  });

  it('searches from the page', async () => {
    mockApi([]);
    const { user, router } = renderApp('/products/missing');
    const search = await screen.findByRole('search', { name: 'Search the shop' });
    await user.type(
      within(search).getByRole('combobox', { name: 'Search products' }),
      'tote{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/tote'));
  });
});
