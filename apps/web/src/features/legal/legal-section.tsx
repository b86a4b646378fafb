import type { ReactNode } from 'react';

type LegalSectionProps = {
  /** Anchor id, set on the heading so that #id links land on it. */
  id: string;
  heading: ReactNode;
  children: ReactNode;
};

/** A top-level section of a legal page: an h2 with an anchor, then its body. */
export function LegalSection({ id, heading, children }: LegalSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2
        id={id}
        className="scroll-mt-24 text-2xl font-semibold tracking-tight text-balance text-stone-900"
      >
        {heading}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

type LegalSubsectionProps = {
  id?: string;
  heading: ReactNode;
  children: ReactNode;
};

/** A subsection inside a LegalSection, headed by an h3. */
export function LegalSubsection({ id, heading, children }: LegalSubsectionProps) {
  return (
    <div className="space-y-3 pt-2">
      <h3 id={id} className="scroll-mt-24 text-lg font-semibold text-stone-900">
        {heading}
      </h3>
      {children}
    </div>
  );
}

/** A bulleted list with comfortable spacing. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-stone-500">{children}</ul>;
}
