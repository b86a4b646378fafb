import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { useUserInfo } from '../../account';
import { DeferredMenu } from './deferred-menu';

type UserMenuProps = {
  /** The mobile header's icon menu; otherwise 'Hi, {name}' or the Register and Login links. */
  compact?: boolean;
};

const loadDropdown = () => import('./header-dropdowns').then((module) => module.UserDropdown);

const linkClass =
  'rounded-full px-2 py-2 text-sm xl:px-3 font-semibold tracking-wider text-ink uppercase hover:text-terracotta-700';

/**
 * The account's place in the header. Until hydration it shows what a signed-out visitor sees (the
 * server knows no user); the desktop slot has one width for the links and for 'Hi, {name}', so
 * the search box beside it stays put when the name comes in.
 */
export function UserMenu({ compact = false }: UserMenuProps) {
  const menu = <AccountEntry compact={compact} />;
  return compact ? menu : <div className="flex w-44 justify-end xl:w-48">{menu}</div>;
}

function AccountEntry({ compact }: UserMenuProps) {
  const userInfo = useUserInfo();

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
                  <span className="max-w-32 truncate whitespace-nowrap">Hi, {userInfo?.name}</span>
                  <Icon name="chevronDown" className="size-4" />
                </>
              ),
            }
      }
    />
  );
}
