import { Link } from 'react-router';
import { isBackOfficeRole } from '@shop/shared/roles';
import { useLogout } from '../../account';
import { useUserInfo } from '../../account';

const itemClass =
  'block w-full rounded-lg px-3 py-2 text-left text-ink-muted hover:bg-sand-100 hover:text-terracotta-800';

/** The sidebar's account entries: Profile and Logout, or Login and Register. */
export function SidebarAccountLinks({ onNavigate }: { onNavigate: () => void }) {
  const userInfo = useUserInfo();
  const logout = useLogout();
  return (
    <nav aria-label="Account" className="mt-6 px-5 pb-8">
      <p className="px-3 pb-2 text-xs font-semibold tracking-[0.2em] text-ink-muted uppercase">
        {userInfo ? `Hi, ${userInfo.name}` : 'Account'}
      </p>
      <ul>
        {userInfo ? (
          <>
            <li>
              <Link to="/profile" onClick={onNavigate} className={itemClass}>
                Profile
              </Link>
            </li>
            {isBackOfficeRole(userInfo.role) && (
              <li>
                <Link to="/admin" onClick={onNavigate} className={itemClass}>
                  Back office
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  onNavigate();
                  logout();
                }}
              >
                Logout
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to="/login" onClick={onNavigate} className={itemClass}>
                Login
              </Link>
            </li>
            <li>
              <Link to="/register" onClick={onNavigate} className={itemClass}>
                Register
              </Link>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
