import type { ReactNode } from 'react';
import { PageContainer } from './page-container';
import { PageHeader } from './page-header';

/** A page of a later issue: its heading (and any fixed text) until that issue fills it in. */
export function HeadingOnlyPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={title}>{children}</PageHeader>
    </PageContainer>
  );
}
