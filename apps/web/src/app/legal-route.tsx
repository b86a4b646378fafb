import type { ComponentType } from 'react';
import { PageContainer } from '../components/ui/page-container';
import { LegalArticleSkeleton } from '../components/ui/page-skeletons';
import { useGetShopConfigQuery, useShopConfig } from '../features/shop';
import { useDocumentTitle } from '../lib/use-document-title';

export type LegalPage = ComponentType<{ supportEmail: string }>;

type LegalRouteProps = { page: LegalPage; title: string };

/** A legal page, given the support address from GET /api/config/shop. */
export function LegalRoute({ page: Page, title }: LegalRouteProps) {
  useDocumentTitle(title);
  const { isLoading } = useGetShopConfigQuery();
  const { supportEmail } = useShopConfig();
  return (
    <PageContainer className="max-w-4xl">
      {isLoading ? <LegalArticleSkeleton /> : <Page supportEmail={supportEmail} />}
    </PageContainer>
  );
}
