import { useState } from 'react';
import type { Product } from '@shop/shared/catalog';
import { PHOTO_SIZES, pictureAlt, pictureSources } from '../../../lib/product-image';

type ProductGalleryProps = {
  name: string;
  images: string[];
  /** The uploaded photos' alt texts, by URL. */
  imageAlts?: Product['imageAlts'];
};

/** The product's pictures: one large image and a row of thumbnail buttons. */
export function ProductGallery({ name, images, imageAlts }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const index = selected < images.length ? selected : 0;
  const main = images[index];

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-3xl border border-sand-200 bg-white">
        {main && (
          <img
            {...pictureSources(main, PHOTO_SIZES.gallery)}
            alt={pictureAlt(
              { imageAlts },
              main,
              images.length > 1 ? `${name}, image ${index + 1} of ${images.length}` : name,
            )}
            width={800}
            height={800}
            loading="eager"
            fetchPriority="high"
            className="aspect-square w-full object-cover"
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex flex-wrap gap-3" aria-label="Product images">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-pressed={i === index}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                className={`block size-20 overflow-hidden rounded-xl border-2 bg-white transition-colors ${
                  i === index ? 'border-terracotta-700' : 'border-sand-200 hover:border-sand-400'
                }`}
              >
                <img
                  {...pictureSources(src, PHOTO_SIZES.galleryThumb)}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
