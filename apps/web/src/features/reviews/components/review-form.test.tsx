import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const product = productFixture({ _id: 'p-1' });

/** The product page with its review form, which loads once the shopper starts using the page. */
async function openProductPage() {
  const rendered = renderApp('/products/p-1');
  await screen.findByRole('heading', { level: 1 });
  await rendered.user.keyboard('{Shift}');
  return rendered;
}

describe('the write-review form', () => {
  it('offers the five ratings and checks the e-mail and the rating before sending', async () => {
    const fetchMock = mockApi([product]);
    const { user } = await openProductPage();
    const rating = await screen.findByRole('combobox', { name: 'Rating' });
    expect([...(rating as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Select…',
      '1 - Poor',
      '2 - Fair',
      '3 - Good',
      '4 - Very Good',
      '5 - Excellent',
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please choose a rating')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => (input as Request).method === 'POST')).toBe(
      false,
    );
  });

  it('sends rating, comment and userEmail and shows the server’s message on failure', async () => {
    const fetchMock = mockApi([product], (url, request) =>
      request.method === 'POST' && url.pathname === '/api/products/p-1/review'
        ? { status: 403, body: { message: 'Only shoppers who bought this product can review it' } }
        : undefined,
    );
    const { user } = await openProductPage();
    await user.type(
      await screen.findByLabelText('E-mail (the one on your order)'),
      'maya@example.com',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Lovely colours');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only shoppers who bought this product can review it',
    );
    const post = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({
      rating: 4,
      comment: 'Lovely colours',
      userEmail: 'maya@example.com',
    });
  });

  it('thanks the shopper, clears the form and reloads the product on success', async () => {
    let gets = 0;
    mockApi([product], (url, request) => {
      if (request.method === 'POST') return { status: 201, body: { message: 'Review added' } };
      if (url.pathname === '/api/products/p-1') gets++;
      return undefined;
    });
    const { user } = await openProductPage();
    await user.type(
      await screen.findByLabelText('E-mail (the one on your order)'),
      'maya@example.com',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Perfect');
    const before = gets;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
    await waitFor(() => expect(gets).toBeGreaterThan(before));
  });
});

describe('the write-review form for a signed-in customer', () => {
  it('uses the account’s e-mail, fixed, and sends the token along', async () => {
    localStorage.setItem(
      'userInfo',
      JSON.stringify({
        _id: 'u1',
        name: 'Layla',
        email: 'layla@example.com',
        token: 'jwt-1',
        createdAt: '2024-01-01T00:00:00.000Z',
      }),
    );
    const fetchMock = mockApi([product], (_url, request) =>
      request.method === 'POST' ? { status: 201, body: { message: 'Review added' } } : undefined,
    );
    const { user } = await openProductPage();
    const email = await screen.findByLabelText('E-mail (the one on your order)');
    expect(email).toHaveValue('layla@example.com');
    expect(email).toHaveAttribute('readonly');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review added')).toBeInTheDocument();
    const post = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .find((r) => r.method === 'POST');
    expect(post?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(await post?.json()).toEqual({ rating: 3, comment: '', userEmail: 'layla@example.com' });
    // Cleared, but still the account's e-mail.
    expect(email).toHaveValue('layla@example.com');
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveValue('');
  });

  it('shows a comment as text, never as HTML', async () => {
    mockApi([
      productFixture({
        _id: 'p-1',
        numReviews: 1,
        rating: 5,
        reviews: [
          {
            _id: 'r1',
            name: 'Verified buyer',
            rating: 5,
            comment: '<img src=x onerror=alert(1)><b>bold</b>',
            createdAt: '2026-11-22T12:00:00.000Z',
          },
        ],
      }),
    ]);
    await openProductPage();
    expect(await screen.findByText('<img src=x onerror=alert(1)><b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('#reviews img[src="x"]')).toBeNull();
    expect(document.querySelector('#reviews b')).toBeNull();
  });
});
