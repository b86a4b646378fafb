import type { ReactNode } from 'react';

export type LegalDate = {
  /** As shown to the reader, e.g. "January 30, 2024". */
  label: string;
  /** Machine-readable form for <time>, e.g. "2024-01-30" or "2024-02". */
  dateTime: string;
};

type LegalArticleProps = {
  title: string;
  /** Omit when the document carries no date. */
  updated?: LegalDate;
  /** Short lead paragraph(s) shown under the title. */
  intro?: ReactNode;
  children: ReactNode;
};

/** The common frame of the legal pages: one h1, the date, a readable measure. */
export default function LegalArticle({ title, updated, intro, children }: LegalArticleProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-base leading-7 text-stone-800 sm:px-6 lg:py-14">
      <header className="border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">
          {title}
        </h1>
        {updated ? (
          <p className="mt-2 text-sm text-stone-600">
            Last updated <time dateTime={updated.dateTime}>{updated.label}</time>
          </p>
        ) : null}
        {intro ? <div className="mt-6 space-y-4">{intro}</div> : null}
      </header>
      <div className="mt-10 space-y-12">{children}</div>
    </article>
  );
}
