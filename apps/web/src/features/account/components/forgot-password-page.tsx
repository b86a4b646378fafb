import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { Link } from 'react-router';
import { emailOnlyRequestSchema } from '@shop/shared/accounts';
import { formatMinutesSeconds } from '@shop/shared/login-cooldown';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { useForgotPasswordMutation } from '../api/accounts-api';
import { useForgotPasswordCooldown } from '../hooks/use-forgot-password-cooldown';
import { AccountCard } from './account-card';
import { AccountField } from './account-field';
import { FocusedAlert } from './focused-alert';

type EmailInput = z.input<typeof emailOnlyRequestSchema>;
type EmailValues = z.output<typeof emailOnlyRequestSchema>;

type Outcome = { kind: 'sent' | 'failed'; message: string; attempt: number };

/** /forgot-password: asks for a reset link, then rests the button for 15 minutes. */
export default function ForgotPasswordPage() {
  const id = useId();
  const cooldown = useForgotPasswordCooldown();
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailInput, unknown, EmailValues>({
    resolver: zodResolver(emailOnlyRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: EmailValues) => {
    if (isLoading || cooldown.active) return;
    const result = await requestReset(values);
    const attempt = (outcome?.attempt ?? 0) + 1;
    if ('data' in result && result.data) {
      cooldown.start();
      setOutcome({ kind: 'sent', message: result.data.message, attempt });
    } else {
      setOutcome({ kind: 'failed', message: errorMessage(result.error), attempt });
    }
  };

  return (
    <AccountCard
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        {outcome && (
          <FocusedAlert
            key={outcome.attempt}
            variant={outcome.kind === 'sent' ? 'success' : 'danger'}
          >
            {outcome.message}
          </FocusedAlert>
        )}
        {cooldown.active && (
          <Alert variant="warning">
            <span className="block font-semibold">
              You can ask for another link in{' '}
              <span role="timer" className="tabular-nums">
                {formatMinutesSeconds(cooldown.remainingMs)}
              </span>
              .
            </span>
            <span className="mt-1 block">
              The mail can take a few minutes. Please check your spam and junk folders too.
            </span>
          </Alert>
        )}
      </div>

      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label="Request a password reset"
        className="flex flex-col gap-5"
      >
        <AccountField
          id={`${id}-email`}
          label="E-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={cooldown.active}
          aria-disabled={isLoading || undefined}
        >
          SEND PASSWORD RESET
        </Button>
        {isLoading && <Spinner label="Sending the link…" className="py-2" />}
      </form>

      <p className="mt-6 text-sm text-ink-muted">
        Remembered it?{' '}
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
