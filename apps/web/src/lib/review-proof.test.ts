import { describe, expect, it } from 'vitest';
import { readReviewProof, reviewLink } from './review-proof';

describe('the proof of a review link', () => {
  it('travels in the fragment, after the reviews anchor, and reads back', () => {
    const proof = { orderId: '5f3a9c1e-7b2d-4e8f-9a6b-0c1d2e3f4a5b', orderToken: 'a-b_c' };
    const link = reviewLink('p 1', proof);
    expect(link).toBe(
      '/products/p%201#reviews?order=5f3a9c1e-7b2d-4e8f-9a6b-0c1d2e3f4a5b&token=a-b_c',
    );
    const url = new URL(link, 'https://shop.test');
    expect(url.search).toBe('');
    expect(readReviewProof(url.hash)).toEqual(proof);
  });

  it('leads to the reviews alone without a proof, and reads nothing from other fragments', () => {
    expect(reviewLink('p1')).toBe('/products/p1#reviews');
    for (const hash of [
      '',
      '#reviews',
      '#reviews?order=x',
      '#reviews?token=y',
      '#other?order=x&token=y',
    ])
      expect(readReviewProof(hash)).toBeUndefined();
  });
});
