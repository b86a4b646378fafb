import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BACK_OFFICE_SESSION_MS } from '@shop/shared/back-office';
import { isBackOfficeRole } from '@shop/shared/roles';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { PageContainer } from '../../../components/ui/page-container';
import { saveBackOfficeSession } from '../../../lib/back-office-session';
import { BACK_OFFICE_TAG, adminApi } from '../api/admin-api';
import { useBackOfficeSession } from '../hooks/use-back-office-session';
import { RecoveryCodes } from '../sign-in/recovery-codes';
import { SignInStep } from '../sign-in/sign-in-step';
import { AdminNav } from './admin-nav';
import { NotForYou } from './not-for-you';

/**
 * Every /admin screen but the setup link's: the login first (/login?redirect=…), shoppers told
 * this is not for them, then the second factor, then the back office's navigation and screen.
 */
export default function AdminLayout() {
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((state) => state.account.userInfo);
  const session = useBackOfficeSession();
  const { pathname, search } = useLocation();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (!userInfo) {
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  if (!isBackOfficeRole(userInfo.role)) return <NotForYou />;

  if (!session) {
    return (
      <SignInStep
        key={userInfo._id}
        userId={userInfo._id}
        onSignedIn={(codes) => {
          setRecoveryCodes(codes?.length ? codes : null);
          saveBackOfficeSession({
            userId: userInfo._id,
            // The server ends it sooner if the login ends; this only stops offering a dead session.
            expiresAt: Date.now() + BACK_OFFICE_SESSION_MS,
          });
          // Screens that failed while the session was over load again in the new one.
          dispatch(adminApi.util.invalidateTags([BACK_OFFICE_TAG]));
        }}
      />
    );
  }
  if (recoveryCodes) {
    return <RecoveryCodes codes={recoveryCodes} onContinue={() => setRecoveryCodes(null)} />;
  }
  return (
    <>
      <AdminNav isOwner={userInfo.role === 'owner'} />
      <PageContainer className="lg:py-10">
        <Outlet />
      </PageContainer>
    </>
  );
}
