import type { ProductCard as CardData } from '@shop/shared/catalog';
import { ProductCard } from './product-card';

/**
 * Product cards, three per row on large screens; the first row loads its images at once, and on a
 * page the grid leads (a category, a search) the first picture comes first of all.
 */
export function ProductGrid({
  products,
  leadsThePage = false,
}: {
  products: CardData[];
  leadsThePage?: boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 lg:gap-8">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < 3} priority={leadsThePage && index === 0} />
        </li>
      ))}
    </ul>
  );
}
