import { Skeleton, SkeletonStatus, SkeletonText } from './skeleton';

// Apart from the other page skeletons, and loaded only when a listing or carousel first waits for
// its products in the browser (skeletons-later.tsx): a server-rendered page never shows them.

/** One product card of a listing or a carousel (ProductCard's shape). */
export function ProductCardSkeleton({ withAddToCart = false }: { withAddToCart?: boolean }) {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm sm:rounded-2xl">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-5">
        <SkeletonText className="font-display text-base leading-snug sm:text-lg" lastLine="w-3/4" />
        <Skeleton className="h-4 w-24" />
        <SkeletonText className="mt-auto pt-1 sm:text-lg" lastLine="w-16" />
        {withAddToCart && <Skeleton className="mt-2 h-9 w-full rounded-full" />}
      </div>
    </div>
  );
}

/**
 * A product grid still loading (ProductGrid's columns): two rows on a wide screen, three on a
 * phone, more than a screen below the heading so the footer stays out of view.
 */
export function ListingSkeleton({ label = 'Loading products…' }: { label?: string }) {
  return (
    <div>
      <SkeletonStatus label={label} />
      <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 lg:gap-8">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A home carousel's slides while they load: one card below 464 px, two from there. */
export function CarouselSkeleton({ label }: { label: string }) {
  return (
    <div className="-ml-4 flex">
      <SkeletonStatus label={label} />
      <div className="basis-full pl-4 xs:basis-1/2">
        <ProductCardSkeleton withAddToCart />
      </div>
      <div className="hidden basis-1/2 pl-4 xs:block">
        <ProductCardSkeleton withAddToCart />
      </div>
    </div>
  );
}
