const shimmer = 'animate-pulse bg-sand-200 motion-reduce:animate-none';

/**
 * A grey block standing in for content that is still loading, of the size that content will take.
 * Decorative: a page's skeleton carries one status for screen readers (SkeletonStatus). Sized by
 * classes only: the server's HTML may carry no style attributes (CSP style-src 'self').
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`${shimmer} rounded-lg ${className}`} />;
}

type SkeletonTextProps = {
  /** The text's own size classes (text-*, leading-*): each line is exactly as tall as its text. */
  className?: string;
  lines?: number;
  /** The last line's width (w-*); the others are full width. */
  lastLine?: string;
};

/** Lines of text still to come: each as tall as a line of the real text, the bar a little thinner. */
export function SkeletonText({ className = '', lines = 1, lastLine = 'w-2/3' }: SkeletonTextProps) {
  return (
    <div aria-hidden="true" className={className}>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="block">
          <span
            className={`inline-block h-[0.7em] rounded align-middle ${shimmer} ${
              index === lines - 1 ? lastLine : 'w-full'
            }`}
          />
        </span>
      ))}
    </div>
  );
}

/** What a screen reader hears while a skeleton shows: one status, visually hidden. */
export function SkeletonStatus({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="sr-only">
      {label}
    </p>
  );
}
