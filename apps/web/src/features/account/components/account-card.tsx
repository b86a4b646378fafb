import type { ReactNode } from 'react';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';

type AccountCardProps = {
  /** The page's one h1 (and document title). */
  title: string;
  documentTitle?: string;
  intro?: ReactNode;
  children: ReactNode;
};

/** The narrow card the sign-in, registration and password pages sit in. */
export function AccountCard({ title, documentTitle, intro, children }: AccountCardProps) {
  return (
    <PageContainer className="max-w-xl">
      <div className="rounded-3xl border border-sand-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10">
        <PageHeader title={title} documentTitle={documentTitle}>
          {intro}
        </PageHeader>
        {children}
      </div>
    </PageContainer>
  );
}
