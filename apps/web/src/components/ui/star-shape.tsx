import type { Star } from '@shop/shared/rating';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z';

const fillWidth: Record<Star, string> = { full: 'w-full', half: 'w-1/2', empty: 'w-0' };

/** One star: an outline, filled all the way, halfway or not at all. */
export function StarShape({ kind, className }: { kind: Star; className: string }) {
  return (
    <span aria-hidden="true" className={`relative inline-block ${className}`}>
      <svg viewBox="0 0 24 24" className="absolute inset-0 size-full">
        <path
          d={STAR_PATH}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`absolute inset-y-0 left-0 overflow-hidden ${fillWidth[kind]}`}>
        <svg viewBox="0 0 24 24" className={`h-full ${className}`}>
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      </span>
    </span>
  );
}
