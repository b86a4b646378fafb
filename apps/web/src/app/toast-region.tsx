import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { isToasterWanted, subscribeToToaster, wantToaster } from '../lib/toast';

const AppToaster = lazy(() => import('./app-toaster'));

/** What counts as the shopper's first interaction, after which the toast region loads. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * sonner's toast region (about 6 kB of script and 4 kB of style, gzipped), mounted on the first
 * interaction or the first toast (lib/toast), whichever comes first: no toast shows before either.
 */
export function ToastRegion() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);

  useEffect(() => {
    if (wanted) return;
    const options = { capture: true, passive: true };
    for (const type of INTERACTIONS) window.addEventListener(type, wantToaster, options);
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, wantToaster, options);
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
