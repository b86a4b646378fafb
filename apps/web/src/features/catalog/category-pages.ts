import type { Category } from '@shop/shared/catalog';

export type CategorySlug = 'tshirts' | 'belts' | 'totes' | 'hoodies';

type CategoryPageInfo = { title: string; intro: string; categories: readonly Category[] };

/** The category listings of the spec's routes and the categories each one asks for. */
export const CATEGORY_PAGES: Record<CategorySlug, CategoryPageInfo> = {
  tshirts: {
    title: 'Shirts',
    intro:
      'The self love collection: soft tees for women and men, printed with words worth keeping.',
    categories: ['selflove_women_tshirts', 'selflove_men_tshirts'],
  },
  belts: {
    title: 'Straps',
    intro: 'Woven straps with Sadu geometry, made to carry your bag and your style.',
    categories: ['belts'],
  },
  totes: {
    title: 'Totes',
    intro: 'Roomy everyday totes, from plain canvas to the flower tote collection.',
    categories: ['totes', 'flower_totes'],
  },
  hoodies: {
    title: 'Hoodies',
    intro: 'Warm layers for cool desert nights.',
    categories: ['hoodies'],
  },
};
