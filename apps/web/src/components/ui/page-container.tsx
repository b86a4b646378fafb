import type { ReactNode } from 'react';

/** The centred, padded column most pages sit in. */
export function PageContainer({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:py-14 ${className}`}>
      {children}
    </div>
  );
}
