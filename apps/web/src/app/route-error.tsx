import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageContainer } from '../components/ui/page-container';
import { useDocumentTitle } from '../lib/use-document-title';
import NotFoundPage from './not-found-page';

/** The router's error screen for unhandled failures (spec: 'Unexpected Application Error!'). */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Error');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : null;
  return (
    <PageContainer className="flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
      {detail && <p className="mt-3 max-w-xl text-ink-muted">{detail}</p>}
      {/* A full reload: the failure may have left the app in a bad state. */}
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-terracotta-700 px-6 text-sm font-semibold tracking-wider text-sand-50 uppercase hover:bg-terracotta-800"
      >
        Back to home
      </a>
    </PageContainer>
  );
}
