import { SHOP_NAME } from '@shop/shared/shop';
import { htmlToPlainText, truncateText } from './plain-text';

/**
 * How a product shows in search results (decision 037): the same in the server's <head> and in
 * the back office's preview.
 */

/** Search results show about this much of a meta description. */
export const META_DESCRIPTION_LENGTH = 155;

interface ProductSeoFacts {
  name: string;
  /** The description's HTML. */
  description: string;
  seoTitle?: string | undefined;
  seoDescription?: string | undefined;
}

/** A product page's own title (before ' | Sadu Sands'): the SEO title, else the name. */
export const productPageTitle = (product: Pick<ProductSeoFacts, 'name' | 'seoTitle'>) =>
  product.seoTitle || product.name;

/**
 * The page's meta description: the owner's SEO description whole (they wrote it for search
 * results, which cut it themselves), else the description's text cut to what results show.
 */
export function productMetaDescription(product: ProductSeoFacts): string {
  return (
    product.seoDescription ||
    truncateText(htmlToPlainText(product.description), META_DESCRIPTION_LENGTH) ||
    `${product.name} from ${SHOP_NAME}.`
  );
}
