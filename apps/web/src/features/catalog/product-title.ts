/**
 * A product page's own title (before ' | Sadu Sands'), in the browser and in the server's <head>:
 * the owner's SEO title where there is one, else the product's name (decision 037).
 */
export const productPageTitle = (product: { name: string; seoTitle?: string | undefined }) =>
  product.seoTitle || product.name;
