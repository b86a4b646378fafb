import { Link } from 'react-router';

type FooterNavProps = { title: string; links: readonly { to: string; label: string }[] };

export function FooterNav({ title, links }: FooterNavProps) {
  return (
    <nav aria-label={title}>
      <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-sand-200 uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="text-sand-100 underline-offset-4 hover:text-saffron hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
