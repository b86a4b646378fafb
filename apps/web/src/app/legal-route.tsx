import type { ComponentType } from 'react';
import { Spinner } from '../components/ui/spinner';
import { PageContainer } from '../components/ui/page-container';
import { useGetShopConfigQuery } from '../features/shop/api/shop-config-api';
import { useShopConfig } from '../features/shop/hooks/use-shop-config';
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
      {isLoading ? <Spinner /> : <Page supportEmail={supportEmail} />}
    </PageContainer>
  );
}
