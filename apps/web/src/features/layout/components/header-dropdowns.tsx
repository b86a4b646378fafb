// The header's dropdown menus with their Radix code, loaded by DeferredMenu when first wanted.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { isBackOfficeRole } from '@shop/shared/roles';
import { useLogout } from '../../account';
import { useUserInfo } from '../../account';
import { menuContentClass, menuItemClass } from '../menu-styles';
import type { NavMenu } from '../nav-menus';
import { useHandOver } from './deferred-menu';
import type { DeferredMenuProps } from './deferred-menu';

/** One desktop category dropdown (Radix: arrow keys, Enter, Escape). */
export function CategoryDropdown({
  menu,
  trigger,
  handOver,
}: { menu: NavMenu } & DeferredMenuProps) {
  const triggerRef = useHandOver(handOver);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={trigger.className}
        aria-label={trigger.label}
      >
        {trigger.children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={menuContentClass}>
          {menu.items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={menuItemClass}>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The account dropdown: Profile (Back office for staff) and Logout when signed in, else Login and Register. */
export function UserDropdown({ trigger, handOver }: DeferredMenuProps) {
  const triggerRef = useHandOver(handOver);
  const userInfo = useUserInfo();
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={trigger.className}
        aria-label={trigger.label}
      >
        {trigger.children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
          {userInfo ? (
            <>
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link to="/profile">Profile</Link>
              </DropdownMenu.Item>
              {isBackOfficeRole(userInfo.role) && (
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <Link to="/admin">Back office</Link>
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item className={menuItemClass} onSelect={logout}>
                Logout
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link to="/login">Login</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItemClass}>
                <Link to="/register">Register</Link>
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
