import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Suggestions } from '@shop/shared/search';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

// The header's search box as a combobox (ARIA Authoring Practices): suggestions as the shopper
// types, chosen with the keyboard, announced (issue 22).

const hoodies: Suggestions = {
  products: [
    {
      _id: 'h1',
      handle: 'dune-wash-hoodie',
      name: 'Dune Wash Hoodie',
      image: '/images/products/dune-wash-hoodie.svg',
      price: 59,
    },
    {
      _id: 'h2',
      handle: 'desert-night-hoodie',
      name: 'Desert Night Hoodie',
      image: '/images/products/desert-night-hoodie.svg',
      price: 62.5,
    },
  ],
  completions: ['hoodie'],
};

/** Answers suggestions for 'hodi'; nothing for anything else. Returns what was asked. */
function mockSuggestions() {
  const fetchMock = mockApi([], (url) =>
    url.pathname === '/api/search/suggestions'
      ? {
          body: url.searchParams.get('q') === 'hodi' ? hoodies : { products: [], completions: [] },
        }
      : undefined,
  );
  const asked = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname === '/api/search/suggestions')
      .map((url) => url.searchParams.get('q'));
  return { asked };
}

async function typeInBox(text: string) {
  const view = renderApp('/nowhere');
  // The header has the box twice (phones and desktop); the first will do.
  const [box] = await screen.findAllByRole('combobox', { name: 'Search products' });
  await view.user.type(box!, text);
  return { ...view, box: box! };
}

const listOf = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-controls')!)!;

describe('the search box’s suggestions', () => {
  it('is a combobox controlling a closed listbox until 2 characters are typed', async () => {
    const { asked } = mockSuggestions();
    const { box } = await typeInBox('h');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(listOf(box)).toHaveAttribute('role', 'listbox');
    expect(listOf(box)).not.toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked()).toEqual([]);
  });

  it('asks once typing pauses and shows products (photo, name, price) and searches', async () => {
    const { asked } = mockSuggestions();
    const { box } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(asked()).toEqual(['hodi']);
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    const products = within(list).getByRole('group', { name: 'Products' });
    const options = within(products).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Dune Wash Hoodie$59.00',
      'Desert Night Hoodie$62.50',
    ]);
    expect(options[1]).toHaveAccessibleName('Desert Night Hoodie, $62.50');
    expect(options[0]!.querySelector('img')).toHaveAttribute(
      'src',
      '/images/products/dune-wash-hoodie.svg',
    );
    const searches = within(list).getByRole('group', { name: 'Searches' });
    expect(within(searches).getByRole('option', { name: 'hoodie' })).toBeInTheDocument();
    // Announced politely: how many suggestions there are and how to reach them.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      '2 products and 1 search suggested. Use up and down arrows to choose.',
    );
    // No option is active until an arrow is pressed.
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves through the options with the arrows, wrapping, the active one referenced', async () => {
    mockSuggestions();
    const { box, user } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveAccessibleName('Dune Wash Hoodie, $59.00');
    expect(active()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveAccessibleName('hoodie');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveAccessibleName('Dune Wash Hoodie, $59.00');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveAccessibleName('hoodie');
    const selected = screen.getAllByRole('option', { selected: true });
    expect(selected).toHaveLength(1);
    // Focus never leaves the box.
    expect(box).toHaveFocus();
  });

  it('opens the product chosen with Enter', async () => {
    mockSuggestions();
    const { box, user, router } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/products/desert-night-hoodie'),
    );
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('runs the search chosen with Enter', async () => {
    mockSuggestions();
    const { box, user, router } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/hoodie'));
    expect(box).toHaveValue('hoodie');
  });

  it('searches what was typed on Enter without a choice, as without suggestions', async () => {
    mockSuggestions();
    const { box, user, router } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/hodi'));
  });

  it('closes with Escape, keeping what was typed; an arrow opens it again', async () => {
    mockSuggestions();
    const { box, user } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(listOf(box)).not.toBeVisible();
    expect(box).toHaveValue('hodi');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens a product clicked in the list', async () => {
    mockSuggestions();
    const { box, user, router } = await typeInBox('hodi');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.click(screen.getByRole('option', { name: /Dune Wash Hoodie/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/dune-wash-hoodie'));
  });
});
