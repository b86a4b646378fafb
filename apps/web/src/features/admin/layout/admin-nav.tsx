import { NavLink } from 'react-router';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap ${
    isActive ? 'bg-ink text-sand-50' : 'text-ink hover:bg-sand-200'
  }`;

/** The back office's own navigation; the audit log and the shipping and tax settings are the owner's. */
export function AdminNav({ isOwner }: { isOwner: boolean }) {
  const links = [
    { to: '/admin', label: 'Summary', end: true },
    { to: '/admin/orders', label: 'Orders', end: false },
    { to: '/admin/products', label: 'Products', end: false },
    { to: '/admin/collections', label: 'Collections', end: false },
    { to: '/admin/discounts', label: 'Discounts', end: false },
    { to: '/admin/stock/movements', label: 'Stock movements', end: false },
    { to: '/admin/customers', label: 'Customers', end: false },
    { to: '/admin/staff', label: 'Staff', end: false },
    { to: '/admin/shop-details', label: 'Shop details', end: false },
    { to: '/admin/search/synonyms', label: 'Search synonyms', end: false },
    { to: '/admin/search/report', label: 'Searches', end: false },
    ...(isOwner
      ? [
          { to: '/admin/audit', label: 'Audit log', end: false },
          { to: '/admin/settings/shipping', label: 'Shipping and tax', end: false },
        ]
      : []),
  ];
  return (
    <nav aria-label="Back office" className="border-b border-sand-200 bg-sand-100">
      {/* One row: on a phone it scrolls sideways (its shadows say so), from lg it wraps. */}
      <ul className="scroll-shadows mx-auto flex w-full max-w-7xl gap-1 overflow-x-auto px-4 py-2 [--scroll-cover:var(--color-sand-100)] sm:px-6 lg:flex-wrap lg:overflow-visible">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
