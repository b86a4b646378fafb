import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { BACK_OFFICE_MESSAGES } from '@shop/shared/back-office';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { useOpenBackOfficeSessionMutation, useStartEnrollmentQuery } from '../api/admin-api';
import { QrCode } from './qr-code';

type SignInStepProps = {
  userId: string;
  /** The API set the session's cookie; the first sign-in also answers the recovery codes. */
  onSignedIn: (recoveryCodes: string[] | undefined) => void;
};

/** 409 'already set up' answers the enrollment of an account that only needs its code. */
function isAlreadyEnrolled(error: unknown): boolean {
  return (
    Boolean(error && typeof error === 'object' && 'status' in error && error.status === 409) ||
    errorMessage(error) === BACK_OFFICE_MESSAGES.alreadyEnrolled
  );
}

/**
 * The back office's second step after the login: set up the authenticator app (QR code, the
 * secret as text, the first code) or, once set up, the code (or a recovery code) alone.
 */
export function SignInStep({ userId, onSignedIn }: SignInStepProps) {
  const id = useId();
  const enrollment = useStartEnrollmentQuery(userId);
  const [openSession, { isLoading: isSending }] = useOpenBackOfficeSessionMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const enrolled = Boolean(enrollment.error) && isAlreadyEnrolled(enrollment.error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const fail = (message: string) =>
      setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));
    if (!code) return fail('Please enter the code from your authenticator app');
    const result = await openSession({ code });
    if ('error' in result) return fail(errorMessage(result.error));
    setFailure(null);
    onSignedIn(result.data.recoveryCodes);
  };

  if (enrollment.isLoading) {
    return (
      <PageContainer className="max-w-2xl">
        <Spinner label="Checking your second factor…" />
      </PageContainer>
    );
  }

  if (enrollment.error && !enrolled) {
    return (
      <PageContainer className="max-w-2xl">
        <PageHeader title="Back office sign-in" />
        <Alert variant="danger">
          <span className="block">{errorMessage(enrollment.error)}</span>
          <Button variant="secondary" size="sm" className="mt-3" onClick={enrollment.refetch}>
            Try again
          </Button>
        </Alert>
      </PageContainer>
    );
  }

  const setup = enrolled ? undefined : enrollment.data;
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader title={setup ? 'Set up your second factor' : 'Confirm it’s you'}>
        {setup
          ? 'The back office asks for a code from an authenticator app on your phone each time you sign in.'
          : 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'}
      </PageHeader>
      {setup && (
        <ol className="mb-8 flex flex-col gap-6">
          <li>
            <h2 className="text-lg font-semibold">1. Scan this code with your authenticator app</h2>
            <div className="mt-3">
              <QrCode value={setup.otpauthUrl} label="QR code for your authenticator app" />
            </div>
          </li>
          <li>
            <h2 className="text-lg font-semibold">2. Or type this key into the app</h2>
            <p className="mt-3 rounded-xl border border-sand-200 bg-white px-4 py-3 font-mono text-base break-all select-all">
              {setup.secret}
            </p>
          </li>
          <li>
            <h2 className="text-lg font-semibold">3. Enter the code the app shows</h2>
          </li>
        </ol>
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-label="Second factor"
        className="flex max-w-sm flex-col gap-5"
      >
        {failure && (
          <Alert key={failure.attempt} variant="danger">
            {failure.message}
          </Alert>
        )}
        <TextField
          id={`${id}-code`}
          name="code"
          label={setup ? '6-digit code' : 'Code or recovery code'}
          autoComplete="one-time-code"
          inputMode={setup ? 'numeric' : 'text'}
          maxLength={40}
          spellCheck={false}
          autoCapitalize="none"
        />
        <Button type="submit" aria-disabled={isSending || undefined}>
          {isSending ? 'Checking…' : 'Confirm'}
        </Button>
      </form>
    </PageContainer>
  );
}
