import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { ButtonLink } from '../../../components/ui/button-link';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { loggedOut } from '../../../stores/account-slice';
import { accountsApi, useConfirmEmailChangeQuery } from '../api/accounts-api';
import { AccountCard } from './account-card';
import { FocusedAlert } from './focused-alert';

const TITLE = 'Confirm E-mail';
const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

/**
 * /confirm-email/:token: the link mailed to a new address. Opening it confirms the change at once,
 * with no sign-in (the link is the proof). The account's sessions end with the change, so a
 * session of that account in this browser is forgotten here too.
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const signedInId = useAppSelector((state) => state.account.userInfo?._id);
  // A query, not an effect: React's StrictMode double mount still sends a single request.
  const { data, error, isLoading } = useConfirmEmailChangeQuery(token);

  const confirmedId = data?._id;
  useEffect(() => {
    if (!confirmedId || confirmedId !== signedInId) return;
    dispatch(loggedOut());
    // Not resetApiState: that would drop this page's own answer and send the link again.
    dispatch(accountsApi.util.invalidateTags(['UserDetails', 'MyOrders']));
  }, [confirmedId, signedInId, dispatch]);

  if (isLoading || (!data && !error)) {
    return (
      <AccountCard title="Confirming your new e-mail…" documentTitle={TITLE}>
        <Spinner label="Checking your link…" />
      </AccountCard>
    );
  }

  if (data) {
    return (
      <AccountCard title="E-mail address changed" documentTitle={TITLE}>
        <p className="mb-8 text-ink">{data.message}</p>
        <ButtonLink to="/login" size="lg" className="w-full sm:w-auto">
          Sign in
        </ButtonLink>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={TITLE}>
      <FocusedAlert takeFocus={false} className="mb-8">
        {errorMessage(error)}
      </FocusedAlert>
      <p className="text-ink">
        Your e-mail address has not changed.{' '}
        <Link to="/login?redirect=/profile" className={linkClass}>
          Sign in
        </Link>{' '}
        with your current address and change it again from your profile to get a new link.
      </p>
    </AccountCard>
  );
}
