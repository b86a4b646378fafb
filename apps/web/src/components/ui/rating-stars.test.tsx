import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { starsFor } from '@shop/shared/rating';
import { RatingStars } from './rating-stars';
import { StarSymbol, fillWidthOf } from './star-shape';

/** The fill's width class: how much of the row of five stars it covers. */
const fill = (container: HTMLElement) =>
  [...(container.querySelector('[role="img"] > span')?.classList ?? [])].find((name) =>
    name.startsWith('w-'),
  );

describe('the rating display', () => {
  it('shows the average with one decimal and stars in halves', () => {
    const { container } = render(<RatingStars rating={3.74} numReviews={8} detail="full" />);
    expect(screen.getByRole('img', { name: 'Rated 3.7 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('3.7')).toBeInTheDocument();
    expect(screen.getByText(/8 reviews/)).toBeInTheDocument();
    // Three stars and a half: 3 × 27 + 12 of the row's 132 units.
    expect(fill(container)).toBe('w-[70.45%]');
  });

  it('rounds to the nearest half star', () => {
    const { container } = render(<RatingStars rating={4.8} numReviews={3} />);
    expect(fill(container)).toBe('w-full');
    expect(screen.getByText('3 reviews')).toBeInTheDocument();
  });

  it("shows '?' and empty stars when there are no reviews", () => {
    const { container } = render(<RatingStars rating={0} numReviews={0} detail="full" />);
    expect(screen.getByRole('img', { name: 'Not rated yet' })).toBeInTheDocument();
    expect(screen.getByText('?')).toBeInTheDocument();
    expect(fill(container)).toBe('w-0');
  });

  it('draws the outlines and the fill from the page’s one star, in a few hundred bytes', () => {
    const { container } = render(
      <>
        <StarSymbol />
        <RatingStars rating={2.2} numReviews={5} />
      </>,
    );
    const star = container.querySelector('svg[aria-hidden="true"] defs path');
    expect(star).toHaveAttribute('id', 'star-shape');
    const row = [...container.querySelectorAll('svg[aria-hidden="true"] defs g#star-row use')];
    expect(row.map((use) => [use.getAttribute('href'), use.getAttribute('x')])).toEqual([
      ['#star-shape', null],
      ['#star-shape', '27'],
      ['#star-shape', '54'],
      ['#star-shape', '81'],
      ['#star-shape', '108'],
    ]);
    const image = screen.getByRole('img', { name: 'Rated 2.2 out of 5' });
    const uses = [...image.querySelectorAll('use')];
    expect(uses.map((use) => use.getAttribute('href'))).toEqual(['#star-row', '#star-row']);
    // Two stars: 27 + 24 units.
    expect(fill(container)).toBe('w-[38.64%]');
    expect(image.outerHTML.length).toBeLessThan(600);
  });

  it('has a fill width for every rating in halves', () => {
    const widths = Array.from({ length: 11 }, (_, halves) => fillWidthOf(starsFor(halves / 2)));
    expect(new Set(widths).size).toBe(11);
    expect(widths[0]).toBe('w-0');
    expect(widths[5]).toBe('w-1/2');
    expect(widths[10]).toBe('w-full');
  });
});
