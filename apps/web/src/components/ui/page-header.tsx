import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

type PageHeaderProps = {
  title: string;
  /** The document title, when it should differ from the heading. */
  documentTitle?: string;
  eyebrow?: string;
  children?: ReactNode;
};

/** The page's one h1 (and its document title), with an optional eyebrow and intro. */
export function PageHeader({ title, documentTitle, eyebrow, children }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="mb-8">
      {eyebrow && (
        <p className="mb-2 text-xs font-semibold tracking-[0.3em] text-terracotta-700 uppercase">
          {eyebrow}
        </p>
      )}
      <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
      {children && <div className="mt-3 max-w-2xl text-ink-muted">{children}</div>}
    </div>
  );
}
