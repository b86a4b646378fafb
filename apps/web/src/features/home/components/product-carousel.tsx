import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { CAROUSEL_SIZE, type Category } from '@shop/shared/catalog';
import { Alert } from '../../../components/ui/alert';
import { Icon } from '../../../components/ui/icon';
import { CarouselSkeletonLater } from '../../../components/ui/skeletons-later';
import { errorMessage } from '../../../lib/api-error';
import { PHOTO_SIZES } from '../../../lib/product-image';
import { useGetProductCardsQuery } from '../../catalog';
import { ProductCard } from '../../catalog';
import type { EmblaApi, EmblaOptions } from './embla-binding';

// Embla (about 7 kB gzipped) loads when a carousel's slides come on screen or the shopper reaches
// for it (pointer, touch, focus, an arrow): the carousels are below the fold on a phone.
const EmblaBinding = lazy(() => import('./embla-binding'));

/** How much of a slide must show for it to count as in view (and not inert). */
const IN_VIEW = 0.6;

const EMBLA_OPTIONS: EmblaOptions = {
  loop: true,
  align: 'start',
  slidesToScroll: 1,
  inViewThreshold: IN_VIEW,
};

/** The slides in the viewport (by Embla's inViewThreshold), as Embla counts them, before it is there. */
function slidesShown(viewport: HTMLElement): number[] {
  const { left, right } = viewport.getBoundingClientRect();
  return [...(viewport.firstElementChild?.children ?? [])].flatMap((slide, index) => {
    const box = slide.getBoundingClientRect();
    const shown = Math.min(box.right, right) - Math.max(box.left, left);
    return box.width === 0 || shown / box.width >= IN_VIEW ? [index] : [];
  });
}

type ProductCarouselProps = { title: string; subtitle: string; category: Category };

/**
 * The cards a carousel shows, and all it asks for: its category's first CAROUSEL_SIZE products,
 * what a card shows of each (no variants, no count of the category; decision 051).
 */
export const carouselQuery = (category: Category) => ({ category, limit: CAROUSEL_SIZE });

const arrowClass =
  'flex size-11 items-center justify-center rounded-full border border-sand-300 bg-white text-ink shadow-sm hover:border-terracotta-700 hover:text-terracotta-700';

/**
 * A looping carousel of one category: two cards from 464 px up, one below; arrows and the
 * keyboard (ArrowLeft/ArrowRight on the focused carousel) move it one card at a time.
 */
export function ProductCarousel({ title, subtitle, category }: ProductCarouselProps) {
  const { data, error, isLoading } = useGetProductCardsQuery(carouselQuery(category));
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [embla, setEmbla] = useState<EmblaApi | undefined>();
  const [inView, setInView] = useState<number[] | null>(null);
  const moves = useRef<('previous' | 'next')[]>([]);
  const headingId = useId();
  const want = useCallback(() => setWanted(true), []);

  // Slides on screen: time to load Embla.
  useEffect(() => {
    if (!viewport || wanted) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport, wanted, want]);

  // Until Embla is there, the slides out of view are inert all the same.
  useEffect(() => {
    if (!embla && viewport) setInView(slidesShown(viewport));
  }, [embla, viewport, data]);

  useEffect(() => {
    if (!embla) return;
    const update = () => setInView(embla.slidesInView());
    update();
    embla.on('slidesInView', update).on('reInit', update);
    // Arrows pressed before Embla was there.
    for (const move of moves.current.splice(0))
      if (move === 'previous') embla.scrollPrev();
      else embla.scrollNext();
    return () => {
      embla.off('slidesInView', update).off('reInit', update);
    };
  }, [embla]);

  const move = useCallback(
    (direction: 'previous' | 'next') => {
      if (!embla) {
        moves.current.push(direction);
        want();
      } else if (direction === 'previous') embla.scrollPrev();
      else embla.scrollNext();
    },
    [embla, want],
  );
  const previous = useCallback(() => move('previous'), [move]);
  const next = useCallback(() => move('next'), [move]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  const products = data?.products ?? [];

  return (
    <div className="min-w-0" onPointerEnter={want} onFocus={want} onTouchStart={want}>
      {wanted && viewport && (
        <Suspense fallback={null}>
          <EmblaBinding viewport={viewport} options={EMBLA_OPTIONS} onApi={setEmbla} />
        </Suspense>
      )}
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-semibold sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-ink-muted">{subtitle}</p>
        </div>
        {products.length > 1 && (
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              className={arrowClass}
              onClick={previous}
              aria-label={`Previous: ${title}`}
            >
              <Icon name="chevronLeft" />
            </button>
            <button
              type="button"
              className={arrowClass}
              onClick={next}
              aria-label={`Next: ${title}`}
            >
              <Icon name="chevronRight" />
            </button>
          </div>
        )}
      </div>
      {isLoading && <CarouselSkeletonLater label={`Loading ${title.toLowerCase()}…`} />}
      {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
      {products.length > 0 && (
        <div
          role="region"
          aria-roledescription="carousel"
          aria-labelledby={headingId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="rounded-2xl"
        >
          {/* relative: the off-screen cards' screen-reader text (absolutely placed) is clipped here
              too, instead of widening the page. */}
          <div ref={setViewport} className="relative overflow-hidden">
            <div className="-ml-4 flex touch-pan-y">
              {products.map((product, index) => {
                const hidden = inView !== null && !inView.includes(index);
                return (
                  <div
                    key={product._id}
                    role="group"
                    aria-roledescription="slide"
                    aria-label={`${index + 1} of ${products.length}`}
                    inert={hidden}
                    className="min-w-0 shrink-0 grow-0 basis-full pl-4 xs:basis-1/2"
                  >
                    <ProductCard
                      product={product}
                      withAddToCart
                      eager={index === 0}
                      sizes={PHOTO_SIZES.carouselCard}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
