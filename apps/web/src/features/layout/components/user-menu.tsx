import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { Icon } from '../../../components/ui/icon';
import { useHydrated } from '../../../lib/use-hydrated';
import { DeferredMenu } from './deferred-menu';

type UserMenuProps = {
  /** The mobile header's icon menu; otherwise 'Hi, {name}' or the Register and Login links. */
  compact?: boolean;
};

const loadDropdown = () => import('./header-dropdowns').then((module) => module.UserDropdown);

const linkClass =
  'rounded-full px-2 py-2 text-sm xl:px-3 font-semibold tracking-wider text-ink uppercase hover:text-terracotta-700';

/**
 * The signed-in user lives in browser storage: the server's page and the first render in the
 * browser show the signed-out header, and the greeting replaces it once the page has hydrated.
 */
export function UserMenu({ compact = false }: UserMenuProps) {
  const stored = useAppSelector((state) => state.account.userInfo);
  const userInfo = useHydrated() ? stored : null;

  if (!userInfo && !compact) {
    return (
      <div className="flex items-center">
        <Link to="/register" className={linkClass}>
          Register
        </Link>
        <Link to="/login" className={linkClass}>
          Login
        </Link>
      </div>
    );
  }

  return (
    <DeferredMenu
      load={loadDropdown}
      props={{}}
      trigger={
        compact
          ? {
              className:
                'flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand-200',
              label: userInfo ? `Account menu for ${userInfo.name}` : 'Account menu',
              children: <Icon name="user" className="size-6" />,
            }
          : {
              className:
                'inline-flex items-center gap-1 rounded-full px-2 py-2 text-sm xl:px-3 font-semibold text-ink hover:text-terracotta-700',
              children: (
                <>
                  <span className="max-w-36 truncate whitespace-nowrap">Hi, {userInfo?.name}</span>
                  <Icon name="chevronDown" className="size-4" />
                </>
              ),
            }
      }
    />
  );
}
