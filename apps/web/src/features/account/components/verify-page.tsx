import { Link, useParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { ButtonLink } from '../../../components/ui/button-link';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { useVerifyEmailQuery } from '../api/accounts-api';
import { AccountCard } from './account-card';
import { FocusedAlert } from './focused-alert';
import { ResendVerification } from './resend-verification';

/** /verify/:userId/:uniqueString: the link from the verification mail, checked once on load. */
export default function VerifyPage() {
  const { userId = '', uniqueString = '' } = useParams();
  // A query, not an effect: React's StrictMode double mount still sends a single request.
  const { data, error, isLoading } = useVerifyEmailQuery({ userId, uniqueString });

  if (isLoading || (!data && !error)) {
    return (
      <AccountCard title="Verifying your e-mail…" documentTitle="Email Verification">
        <Spinner label="Checking your link…" />
      </AccountCard>
    );
  }

  if (data) {
    return (
      <AccountCard title={ACCOUNT_MESSAGES.verified} documentTitle="Email Verification">
        <p className="mb-8 text-ink">Your e-mail address is confirmed. You can sign in now.</p>
        <ButtonLink to="/login" size="lg" className="w-full sm:w-auto">
          Login
        </ButtonLink>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Email Verification">
      <FocusedAlert takeFocus={false} className="mb-8">
        {errorMessage(error)}
      </FocusedAlert>
      <section aria-labelledby="verify-resend">
        <h2 id="verify-resend" className="mb-2 text-lg font-semibold">
          Get a new link
        </h2>
        <p className="mb-4 text-sm text-ink-muted">
          Enter the address you registered with and we will send a fresh link.
        </p>
        <ResendVerification />
      </section>
      <p className="mt-8 text-sm text-ink-muted">
        Already verified?{' '}
        <Link
          to="/login"
          className="font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
        >
          Sign in
        </Link>
      </p>
    </AccountCard>
  );
}
