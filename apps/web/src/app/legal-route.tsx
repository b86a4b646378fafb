import type { ComponentType } from 'react';
import { PageContainer } from '../components/ui/page-container';
import { LegalArticleSkeleton } from '../components/ui/page-skeletons';
import { requestShopConfig, useGetShopConfigQuery, useShopConfig } from '../features/shop';
import type { PageRequests } from '../lib/page-data';
import { useDocumentTitle } from '../lib/use-document-title';

export type LegalPage = ComponentType<{ supportEmail: string }>;

type LegalRouteProps = { page: LegalPage; title: string };

/** What a legal page renders with, started by its route's loader. */
export const legalPageRequests: PageRequests = (dispatch) => [requestShopConfig(dispatch)];

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
