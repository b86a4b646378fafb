// Embla for a home carousel, loaded by ProductCarousel when the carousel is near or wanted.
import { useEffect } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { UseEmblaCarouselType } from 'embla-carousel-react';

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

type EmblaBindingProps = {
  viewport: HTMLElement;
  options: EmblaOptions;
  onApi: (api: EmblaApi | undefined) => void;
};

/** Runs Embla on the carousel's viewport and hands its API to the carousel. */
export default function EmblaBinding({ viewport, options, onApi }: EmblaBindingProps) {
  const [viewportRef, embla] = useEmblaCarousel(options);
  useEffect(() => viewportRef(viewport), [viewportRef, viewport]);
  useEffect(() => onApi(embla), [embla, onApi]);
  return null;
}
