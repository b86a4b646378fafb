import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Review } from '@shop/shared/catalog';

// A browser far west of the server (which renders in UTC), before the list's module loads: a
// date format made then would keep this zone.
vi.hoisted(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const { ReviewList } = await import('./review-list');

describe('the review list', () => {
  it('dates a review by its UTC day, as the server renders it, in any time zone', () => {
    const review: Review = {
      _id: 'r1',
      name: 'Night Owl',
      rating: 5,
      comment: 'Lovely',
      // New Year's Eve, 6 PM in Los Angeles.
      createdAt: '2024-01-01T02:00:00.000Z',
    };
    render(
      <MemoryRouter>
        <ReviewList reviews={[review]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Jan 1, 2024')).toHaveAttribute('datetime', review.createdAt);
  });
});
