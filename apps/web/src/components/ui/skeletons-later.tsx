import { Suspense, lazy } from 'react';

// The listing skeletons load the first time a listing waits for its products in the browser (a
// client-side visit): the first page comes rendered by the server and never needs them.
const load = () => import('./listing-skeleton');
const ListingSkeleton = lazy(() => load().then((m) => ({ default: m.ListingSkeleton })));
const CarouselSkeleton = lazy(() => load().then((m) => ({ default: m.CarouselSkeleton })));

/** While a listing's skeleton loads: a screen's height, so the footer stays out of view. */
const listingPlaceholder = <div aria-busy="true" className="min-h-dvh" />;
/** While a carousel's skeleton loads: its cards' square pictures (one card, two from 464 px). */
const carouselPlaceholder = <div aria-busy="true" className="aspect-square xs:aspect-[2/1]" />;

export function ListingSkeletonLater() {
  return (
    <Suspense fallback={listingPlaceholder}>
      <ListingSkeleton />
    </Suspense>
  );
}

export function CarouselSkeletonLater({ label }: { label: string }) {
  return (
    <Suspense fallback={carouselPlaceholder}>
      <CarouselSkeleton label={label} />
    </Suspense>
  );
}
