import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Link, useParams, useSearchParams } from 'react-router';
import { SHOP_NAME } from '@shop/shared/shop';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';
import { useResetPasswordMutation } from '../api/accounts-api';
import {
  PASSWORD_HINT,
  checkPasswordPair,
  dismissPasswordToasts,
  toastPasswordProblem,
} from '../password-checks';
import { AccountCard } from './account-card';
import { AccountField } from './account-field';
import { FocusedAlert } from './focused-alert';

const resetFormSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .check(z.superRefine(...checkPasswordPair()));

type ResetValues = z.infer<typeof resetFormSchema>;

const linkClass = 'font-semibold underline underline-offset-4 hover:text-terracotta-800';

/** /reset-password/:token: the link from the reset mail; sets a new password once. */
export default function ResetPasswordPage() {
  const id = useId();
  const { token = '' } = useParams();
  // The staff invitation's link (?welcome=1) opens this page to set the first password.
  const welcome = useSearchParams()[0].get('welcome') === '1';
  const [resetPassword, { data, isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onValid = async ({ password }: ResetValues) => {
    if (isLoading) return;
    dismissPasswordToasts();
    const result = await resetPassword({ token, password });
    if ('error' in result) {
      const message = errorMessage(result.error);
      setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));
    } else {
      setFailure(null);
    }
  };

  const onInvalid = (fieldErrors: FieldErrors<ResetValues>) => toastPasswordProblem(fieldErrors);
  // A new staff member is welcomed and chooses a first password; nothing of theirs is reset.
  const title = welcome ? 'Choose your password' : 'Reset Password';

  if (data) {
    return (
      <AccountCard title={title}>
        <FocusedAlert variant="success">
          <span className="block font-semibold">{data.message}</span>
          <span className="mt-1 block">
            <Link to="/login" className={`${linkClass} text-success`}>
              Log in
            </Link>{' '}
            with your {welcome ? 'password' : 'new password'}.
          </span>
        </FocusedAlert>
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title={title}
      intro={
        welcome
          ? `Welcome to the ${SHOP_NAME} team! Choose your password to finish setting up your staff account.`
          : 'Choose a new password for your account.'
      }
    >
      {failure && (
        <FocusedAlert key={failure.attempt} className="mb-6">
          <span className="block">{failure.message}</span>
          <span className="mt-1 block">
            <Link to="/forgot-password" className={linkClass}>
              Ask for a new link
            </Link>
          </span>
        </FocusedAlert>
      )}
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        aria-label={welcome ? 'Choose your password' : 'Reset your password'}
        className="flex flex-col gap-5"
      >
        <AccountField
          id={`${id}-password`}
          label={welcome ? 'Password' : 'New Password'}
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...register('password')}
        />
        <AccountField
          id={`${id}-confirm`}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" aria-disabled={isLoading || undefined}>
          {welcome ? 'Save my password' : 'Reset Password'}
        </Button>
        {isLoading && <Spinner label="Saving your password…" className="py-2" />}
      </form>
    </AccountCard>
  );
}
