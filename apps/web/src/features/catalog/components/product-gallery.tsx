import { useState } from 'react';

type ProductGalleryProps = { name: string; images: string[] };

/** The product's pictures: one large image and a row of thumbnail buttons. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const index = selected < images.length ? selected : 0;
  const main = images[index];

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-hidden rounded-3xl border border-sand-200 bg-white">
        {main && (
          <img
            src={main}
            alt={images.length > 1 ? `${name}, image ${index + 1} of ${images.length}` : name}
            width={800}
            height={800}
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
                  src={src}
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
