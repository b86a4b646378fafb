import type { ProductSummary } from '@shop/shared/catalog';
import { ProductCard } from './product-card';

/** Product cards, three per row on large screens; the first row loads its images at once. */
export function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 lg:gap-8">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
