import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import type { NavMenu } from '../nav-menus';

type SidebarSectionProps = { menu: NavMenu; onNavigate: () => void };

/** An expandable category of the mobile sidebar (a disclosure button with aria-expanded). */
export function SidebarSection({ menu, onNavigate }: SidebarSectionProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="border-b border-sand-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between py-4 text-left text-base font-semibold tracking-wider uppercase"
      >
        {menu.label}
        <Icon
          name="chevronDown"
          className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul id={listId} hidden={!open} className="pb-3">
        {menu.items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              className="block rounded-lg px-3 py-2 text-ink-muted hover:bg-sand-100 hover:text-terracotta-800"
            >
              {item.mobileLabel ?? item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
