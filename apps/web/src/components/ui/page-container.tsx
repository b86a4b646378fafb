import type { ReactNode } from 'react';

/** The centred, padded column most pages sit in: 7xl wide unless `className` gives a max-w-*. */
export function PageContainer({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  // A page's own max-w-* replaces the default: beside it, max-w-7xl won over max-w-2xl to 4xl in
  // the built CSS (Tailwind orders same-property utilities by name), so those pages were 7xl wide.
  const width = /(^|\s)max-w-/.test(className) ? '' : 'max-w-7xl';
  return (
    <div className={`mx-auto w-full ${width} px-4 py-10 sm:px-6 lg:py-14 ${className}`}>
      {children}
    </div>
  );
}
