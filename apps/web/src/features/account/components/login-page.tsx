import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { Link, Navigate, useSearchParams } from 'react-router';
import { loginRequestSchema } from '@shop/shared/accounts';
import { isLocked, tooManyAttemptsMessage } from '@shop/shared/login-cooldown';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { loggedIn } from '../../../stores/account-slice';
import { useLoginMutation } from '../api/accounts-api';
import { useLoginCooldown } from '../hooks/use-login-cooldown';
import { redirectTarget } from '../redirect-target';
import { AccountCard } from './account-card';
import { AccountField } from './account-field';
import { FocusedAlert } from './focused-alert';
import { ResendVerification } from './resend-verification';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginValues = z.output<typeof loginRequestSchema>;

type Failure = {
  message: string;
  /** Set when the account still needs verifying (403): where to send a new link. */
  unverifiedEmail?: string;
  /** Counts failures, so the same message is announced and focused again. */
  attempt: number;
};

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

const statusOf = (error: unknown) =>
  error && typeof error === 'object' && 'status' in error ? error.status : undefined;
const retryAfterOf = (error: unknown) =>
  error && typeof error === 'object' && 'retryAfterSeconds' in error
    ? (error.retryAfterSeconds as number | undefined)
    : undefined;

/** /login?redirect=/somewhere: signs in, honouring the client and server cooldowns. */
export default function LoginPage() {
  const id = useId();
  const dispatch = useAppDispatch();
  const userInfo = useAppSelector((state) => state.account.userInfo);
  const [searchParams] = useSearchParams();
  const target = redirectTarget(searchParams.get('redirect'));
  const cooldown = useLoginCooldown();
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  // A lock restored from storage is shown without taking the focus; one that starts here takes it.
  const [restoredLock] = useState(cooldown.lockedUntil);
  const wasLocked = useRef(cooldown.locked);
  const [unlockedNotice, setUnlockedNotice] = useState(false);
  useEffect(() => {
    if (wasLocked.current && !cooldown.locked) {
      setUnlockedNotice(true);
      setFocus('password');
    }
    if (cooldown.locked) setUnlockedNotice(false);
    wasLocked.current = cooldown.locked;
  }, [cooldown.locked, setFocus]);

  if (userInfo) return <Navigate to={target} replace />;

  const onSubmit = async (values: LoginValues) => {
    if (isLoading || cooldown.locked) return;
    const result = await login(values);
    if ('data' in result && result.data) {
      cooldown.succeeded();
      dispatch(loggedIn(result.data)); // the page re-renders into a redirect to the target
      return;
    }
    const error = result.error;
    const status = statusOf(error);
    const next =
      status === 401
        ? cooldown.failed()
        : status === 429
          ? cooldown.refused(retryAfterOf(error))
          : null;
    if (status === 401) setValue('password', '');
    if (next && isLocked(next, Date.now())) {
      setFailure(null); // the cooldown alert says it all
      return;
    }
    setFailure((previous) => ({
      message: errorMessage(error),
      unverifiedEmail: status === 403 ? values.email : undefined,
      attempt: (previous?.attempt ?? 0) + 1,
    }));
  };

  return (
    <AccountCard
      title="Sign In"
      intro="Welcome back. Sign in to see your orders and check out faster."
    >
      <div className="mb-6 flex flex-col gap-3 empty:hidden">
        {cooldown.locked && cooldown.lockedUntil !== null ? (
          <FocusedAlert
            key={cooldown.lockedUntil}
            takeFocus={cooldown.lockedUntil !== restoredLock}
          >
            {/* A timer is not a live region: the alert is announced once, not every second. */}
            <span role="timer" className="block font-semibold tabular-nums">
              {tooManyAttemptsMessage(cooldown.remainingMs)}
            </span>
            <span className="mt-1 block">
              The form is locked until then. Forgotten your password?{' '}
              <Link to="/forgot-password" className="underline underline-offset-4">
                Reset it
              </Link>
              .
            </span>
          </FocusedAlert>
        ) : failure ? (
          <FocusedAlert key={failure.attempt}>{failure.message}</FocusedAlert>
        ) : null}
        {unlockedNotice && <Alert variant="info">You can try to sign in again.</Alert>}
        {failure?.unverifiedEmail && !cooldown.locked && (
          <ResendVerification email={failure.unverifiedEmail} />
        )}
      </div>

      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign in">
        <fieldset disabled={cooldown.locked} className="flex min-w-0 flex-col gap-5">
          <AccountField
            id={`${id}-email`}
            label="E-mail address"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <AccountField
            id={`${id}-password`}
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Button
            type="submit"
            size="lg"
            className="mt-1 w-full"
            aria-disabled={isLoading || undefined}
          >
            {isLoading ? 'Signing in…' : 'Sign In'}
          </Button>
        </fieldset>
      </form>

      <div className="mt-6 flex flex-col gap-2 text-sm text-ink-muted sm:flex-row sm:justify-between">
        <Link to="/forgot-password" className={linkClass}>
          Forgot your password?
        </Link>
        <p>
          New customer?{' '}
          <Link to="/register" className={linkClass}>
            Register
          </Link>
        </p>
      </div>
    </AccountCard>
  );
}
