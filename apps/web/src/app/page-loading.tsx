import { Suspense, lazy } from 'react';
import { SkeletonStatus } from '../components/ui/skeleton';

// The skeletons (about 1 kB gzipped) load beside the first page's code, which shares them, rather
// than in the first bundle; a page server-rendered with its data never shows them.
const RouteSkeleton = lazy(() => import('./route-skeleton'));

/**
 * Shown inside the layout while the first page's code loads: that page's skeleton once its small
 * chunk is in, an empty space with the status until then. At least a screen tall, so the footer is
 * not in view: the page pushing it down would be a layout shift.
 */
export function PageLoading() {
  return (
    <div className="min-h-dvh">
      <Suspense fallback={<SkeletonStatus />}>
        <RouteSkeleton />
      </Suspense>
    </div>
  );
}
