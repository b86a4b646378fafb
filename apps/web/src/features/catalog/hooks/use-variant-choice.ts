import { useSearchParams } from 'react-router';
import type { Product, StorefrontVariant } from '@shop/shared/catalog';
import { isSpecShape, variantForOptionValue, variantFromAddress } from '@shop/shared/variants';

/** The shared rules' view of a storefront variant (its id and option values). */
export const variantFacts = (variant: StorefrontVariant) => ({
  ...variant,
  id: variant._id,
  values: variant.options,
});

/**
 * The chosen variant of a product whose options are not the spec's (decision 035), kept in the
 * address as `?variant=<id>` so a reload or a shared link opens it (the server renders from the same
 * address). Until one is named: the first variant in stock, else the first. Choosing a value of an
 * option replaces the address's entry (no new history entry). Undefined for the spec's shapes.
 */
export function useVariantChoice(product: Product) {
  const [searchParams, setSearchParams] = useSearchParams();
  const facts = product.variants.map(variantFacts);
  const variant = isSpecShape(product)
    ? undefined
    : variantFromAddress(facts, searchParams.get('variant'));

  const choose = (index: number, value: string) => {
    if (!variant) return;
    const next = variantForOptionValue(facts, variant.values, index, value);
    if (!next || next.id === variant.id) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('variant', next.id);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return { variant, variants: facts, choose };
}
