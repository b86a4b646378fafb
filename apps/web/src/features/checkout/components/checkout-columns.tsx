import type { ReactNode } from 'react';

/**
 * Every checkout step's body (shipping, payment, place order, guest checkout): the step's form or
 * review beside the order summary from 1024 px up, so the page keeps one width from step to step.
 */
export function CheckoutColumns({ children }: { children: ReactNode }) {
  return <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">{children}</div>;
}
