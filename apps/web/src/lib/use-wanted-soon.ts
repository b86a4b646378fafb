import { useEffect, useState } from 'react';
import type { RefObject } from 'react';

/** What counts as the shopper starting to use the page. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * True once the element comes within `rootMargin` of the viewport or the shopper first presses a
 * key, a pointer or a finger anywhere, whichever comes first: for heavy parts far down a page,
 * loaded before anyone can reach them but not while the page first shows. (A keydown counts so
 * that a keyboard user's first Tab already starts it.)
 */
export function useWantedSoon(ref: RefObject<Element | null>, rootMargin = '600px'): boolean {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { capture: true, passive: true };
    for (const type of INTERACTIONS) window.addEventListener(type, want, options);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin },
    );
    if (ref.current) observer.observe(ref.current);
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, options);
      observer.disconnect();
    };
  }, [wanted, ref, rootMargin]);

  return wanted;
}
