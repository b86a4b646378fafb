import { Spinner } from '../components/ui/spinner';

/**
 * Shown inside the layout while the first page's code loads. A screen tall, so that the footer
 * is not in view yet: the page pushing it down would count as a layout shift.
 */
export function PageLoading() {
  return <Spinner className="min-h-dvh" />;
}
