import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shop/shared/accounts';
import { AccountCard } from './account-card';
import { ResendVerification } from './resend-verification';

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

/** /pending: after registering, until the link in the mail is opened. */
export default function PendingPage() {
  return (
    <AccountCard title={ACCOUNT_MESSAGES.registered} documentTitle="Check your e-mail">
      <div className="flex flex-col gap-4 text-ink">
        <p>
          We sent you a link to confirm your e-mail address. Open it to activate your account; it
          works for 24 hours.
        </p>
        {/* The same page for every address: one that has an account is mailed that instead. */}
        <p>
          If this address already has an account, the e-mail says so instead: sign in, or reset your
          password.
        </p>
        <p className="text-ink-muted">
          Nothing yet? Check your spam and junk folders, or ask for a new link below.
        </p>
      </div>
      <section aria-labelledby="pending-resend" className="mt-8 border-t border-sand-200 pt-6">
        <h2 id="pending-resend" className="mb-4 text-lg font-semibold">
          Send the link again
        </h2>
        <ResendVerification />
      </section>
      <p className="mt-8 text-sm text-ink-muted">
        Already verified?{' '}
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
      </p>
    </AccountCard>
  );
}
