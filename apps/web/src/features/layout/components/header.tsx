import { ANNOUNCEMENT } from '@shop/shared/shop';
import { CartLink } from '../../cart';
import { useNavMenus } from '../use-nav-menus';
import { CategoryMenu } from './category-menu';
import { Logo } from './logo';
import { MobileSidebar } from './mobile-sidebar';
import { SearchBox } from '../../catalog';
import { UserMenu } from './user-menu';

export function Header() {
  const navMenus = useNavMenus();
  // The categories' three menus and the collections': narrower triggers and search box.
  const compact = navMenus.length > 3;
  return (
    <header data-site-header className="border-b border-sand-200 bg-sand-50">
      <p className="bg-ink px-4 py-2 text-center text-xs font-semibold tracking-[0.15em] text-sand-50 sm:tracking-[0.25em]">
        {ANNOUNCEMENT}
      </p>
      {/* Mobile and tablet: menu button, logo, account icon and cart; the search box below. */}
      <div className="flex h-16 items-center justify-between gap-2 px-3 lg:hidden">
        <MobileSidebar />
        <Logo />
        <div className="flex items-center">
          <UserMenu compact />
          <CartLink />
        </div>
      </div>
      {/* Phones and tablets: the search box in the header itself, not only in the menu. */}
      <div className="px-3 pb-3 lg:hidden">
        <SearchBox className="w-full" />
      </div>
      {/* Desktop: category menus, logo in the middle, search, account and cart. */}
      <div className="mx-auto hidden h-20 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-4 px-4 lg:grid xl:gap-6 xl:px-6">
        <nav aria-label="Categories" className="flex items-center xl:gap-1">
          {navMenus.map((menu) => (
            <CategoryMenu key={menu.label} menu={menu} compact={compact} />
          ))}
        </nav>
        <Logo />
        <div className="flex items-center justify-end gap-1 xl:gap-2">
          <SearchBox className={compact ? 'w-32 xl:w-48' : 'w-40 xl:w-64'} />
          <UserMenu />
          <CartLink />
        </div>
      </div>
    </header>
  );
}
