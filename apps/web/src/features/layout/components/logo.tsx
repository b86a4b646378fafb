import { Link } from 'react-router';
import { SHOP_NAME } from '@shop/shared/shop';

/** The wordmark, a link home: a Sadu-weave diamond beside the shop name set in the display face. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`group inline-flex items-center gap-2 text-ink ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0 sm:size-9">
        <rect
          x="4"
          y="4"
          width="24"
          height="24"
          rx="3"
          transform="rotate(45 16 16)"
          fill="#8a3a23"
        />
        <path d="M16 6 L26 16 L16 26 L6 16 Z" fill="none" stroke="#e3b574" strokeWidth="2" />
        <path d="M16 11 L21 16 L16 21 L11 16 Z" fill="#f6eee3" />
        <circle cx="16" cy="16" r="1.8" fill="#2a1e17" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="font-display text-lg font-semibold tracking-[0.12em] whitespace-nowrap uppercase xs:text-xl xs:tracking-[0.18em] sm:text-2xl">
          {SHOP_NAME}
        </span>
        <span className="mt-1 hidden text-[0.6rem] font-semibold tracking-[0.35em] whitespace-nowrap text-terracotta-700 uppercase sm:block lg:hidden xl:block">
          Woven self love
        </span>
      </span>
      {/* The link's name is its visible text (WCAG 2.5.3), then where it goes. */}
      <span className="sr-only">, home</span>
    </Link>
  );
}
