import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './rating-stars';

const fills = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="img"] > span > span')].map((el) =>
    el.classList.contains('w-full') ? 'full' : el.classList.contains('w-1/2') ? 'half' : 'empty',
  );

describe('the rating display', () => {
  it('shows the average with one decimal and stars in halves', () => {
    const { container } = render(<RatingStars rating={3.74} numReviews={8} detail="full" />);
    expect(screen.getByRole('img', { name: 'Rated 3.7 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('3.7')).toBeInTheDocument();
    expect(screen.getByText(/8 reviews/)).toBeInTheDocument();
    expect(fills(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });

  it('rounds to the nearest half star', () => {
    const { container } = render(<RatingStars rating={4.8} numReviews={3} />);
    expect(fills(container)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
  });

  it("shows '?' and empty stars when there are no reviews", () => {
    const { container } = render(<RatingStars rating={0} numReviews={0} detail="full" />);
    expect(screen.getByRole('img', { name: 'Not rated yet' })).toBeInTheDocument();
    expect(screen.getByText('?')).toBeInTheDocument();
    expect(fills(container)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
});
