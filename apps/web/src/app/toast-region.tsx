import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import {
  isToasterWanted,
  rememberPressedControl,
  subscribeToToaster,
  wantToaster,
} from '../lib/toast';

const AppToaster = lazy(() => import('./app-toaster'));

/** What counts as the shopper's first interaction, after which the toast region loads. */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * sonner's toast region (about 6 kB of script and 4 kB of style, gzipped), mounted on the first
 * interaction or the first toast (lib/toast), whichever comes first: no toast shows before either.
 */
export function ToastRegion() {
  const wanted = useSyncExternalStore(subscribeToToaster, isToasterWanted, () => false);

  // Where the shopper pressed last: a toast that answers it goes to the other half of the screen.
  useEffect(() => {
    const options = { capture: true, passive: true };
    for (const type of ['pointerdown', 'keydown'] as const)
      window.addEventListener(type, rememberPressedControl, options);
    return () => {
      for (const type of ['pointerdown', 'keydown'] as const)
        window.removeEventListener(type, rememberPressedControl, options);
    };
  }, []);

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
