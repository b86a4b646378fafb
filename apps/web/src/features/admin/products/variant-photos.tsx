import { useId, useState } from 'react';
import type { AdminProduct } from '@shop/shared/admin-catalog';
import { Field, fieldInputClass } from '../../../components/ui/field';
import { PhotoSlot } from './photo-slot';

/** Whether a product's variants can have photos of their own here (decision 037). */
export const hasVariantPhotos = (product: AdminProduct) =>
  // The spec's A/B products keep their Option A and B slots; a product without options has one
  // variant, whose photos are the product's.
  !product.hasAandB && product.variants.some((variant) => variant.title !== '');

const countOf = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);

/**
 * Photos of one variant at a time: the owner picks the variant, then uploads, orders and removes
 * its photos as in the other slots. A variant without photos shows the product's.
 */
export function VariantPhotos({ product }: { product: AdminProduct }) {
  const id = useId();
  const withTitles = product.variants.filter((variant) => variant.title !== '');
  const [chosenId, setChosenId] = useState(withTitles[0]?.variant ?? '');
  const chosen = withTitles.find((variant) => variant.variant === chosenId) ?? withTitles[0];
  if (!hasVariantPhotos(product) || !chosen) return null;

  const photosOf = (variantId: string) =>
    product.photos.filter((photo) => photo.slot === 'variant' && photo.variantId === variantId);
  const hint =
    'Shown when a shopper chooses this variant, instead of the product’s photos. A variant without photos shows the product’s.';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          Variant photos
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Give a variant photos of its own, such as the colour it comes in.
        </p>
      </div>
      <Field id={`${id}-variant`} label="Variant" className="max-w-md">
        <select
          id={`${id}-variant`}
          value={chosen.variant}
          onChange={(event) => setChosenId(event.target.value)}
          className={fieldInputClass}
        >
          {withTitles.map((variant) => {
            const count = photosOf(variant.variant).length;
            return (
              <option key={variant.variant} value={variant.variant}>
                {variant.title}
                {count ? ` (${countOf(count)})` : ''}
              </option>
            );
          })}
        </select>
      </Field>
      <PhotoSlot
        // Another variant: its own list and upload form.
        key={chosen.variant}
        productId={product._id}
        slot="variant"
        variant={{ id: chosen.variant, title: chosen.title }}
        photos={photosOf(chosen.variant)}
        hint={hint}
      />
    </section>
  );
}
