import type { ReactNode } from 'react';
import { Link } from 'react-router';

const linkClassName =
  'font-medium text-amber-900 underline underline-offset-2 hover:text-amber-950 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900';

/** A link to a route inside the shop (client-side navigation). */
export function ShopLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClassName}>
      {children}
    </Link>
  );
}

/** A link to an anchor on the same page or to another site. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={linkClassName}>
      {children}
    </a>
  );
}

/** The support address as a mailto: link. */
export function SupportEmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={`${linkClassName} break-all`}>
      {email}
    </a>
  );
}
