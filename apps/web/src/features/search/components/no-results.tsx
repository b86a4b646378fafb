import { Link } from 'react-router';
import { collectionPath, useGetCollectionMenuQuery } from '../../collections';

const linkClass = 'font-semibold text-terracotta-700 underline';

/**
 * Nothing matched, even with typos allowed: the shop's closest words, its collections (those of
 * the header's menu) and every product.
 */
export function NoResults({ keyword, didYouMean }: { keyword: string; didYouMean: string[] }) {
  const collections = useGetCollectionMenuQuery().data?.collections ?? [];
  return (
    <div className="space-y-4">
      <p>Nothing matches “{keyword}”.</p>
      {didYouMean.length ? (
        <p>
          Did you mean{' '}
          {didYouMean.map((word, index) => (
            <span key={word}>
              {index ? (index === didYouMean.length - 1 ? ' or ' : ', ') : ''}
              <Link to={`/search/${encodeURIComponent(word)}`} className={linkClass}>
                {word}
              </Link>
            </span>
          ))}
          ?
        </p>
      ) : null}
      {collections.length ? (
        <nav aria-label="Collections">
          <p>Or look through a collection:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-2">
            {collections.map((collection) => (
              <li key={collection.handle}>
                <Link to={collectionPath(collection.handle)} className={linkClass}>
                  {collection.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        Try another word, or{' '}
        <Link to="/" className={linkClass}>
          browse every product
        </Link>
        .
      </p>
    </div>
  );
}
