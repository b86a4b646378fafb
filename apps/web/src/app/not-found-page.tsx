import { ButtonLink } from '../components/ui/button-link';
import { PageContainer } from '../components/ui/page-container';
import { useDocumentTitle } from '../lib/use-document-title';
import { useHttpStatus } from '../lib/http-status';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  useHttpStatus(404);
  return (
    <PageContainer className="flex flex-col items-center py-24 text-center">
      <p className="font-display text-7xl font-semibold text-terracotta-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-semibold">Page not found</h1>
      <p className="mt-3 max-w-md text-ink-muted">
        The page you are looking for has moved or never existed. The sands shift.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </PageContainer>
  );
}
