import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { ACCOUNT_MESSAGES, emailSchema, nameSchema } from '@shop/shared/accounts';
import type { UserInfo } from '@shop/shared/accounts';
import { CREDENTIAL_MESSAGES, emailChangePendingMessage } from '@shop/shared/credential-change';
import { PROFILE_PASSWORD_TOO_WEAK } from '@shop/shared/password';
import { useAppDispatch } from '../../../stores/hooks';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { loggedIn } from '../../../stores/account-slice';
import { accountsApi, useGetUserDetailsQuery, useUpdateProfileMutation } from '../api/accounts-api';
import {
  PASSWORD_HINT,
  checkPasswordPair,
  dismissPasswordToasts,
  toastPasswordProblem,
} from '../password-checks';
import { AccountField } from './account-field';
import { FocusedAlert } from './focused-alert';

const profileFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: z.string(),
    confirmPassword: z.string(),
    currentPassword: z.string().check(z.minLength(1, CREDENTIAL_MESSAGES.currentPasswordRequired)),
  })
  .check(z.superRefine(...checkPasswordPair(PROFILE_PASSWORD_TOO_WEAK)));

type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileValues = z.output<typeof profileFormSchema>;

/**
 * The Profile Settings tab: name, e-mail and a new password (the spec always asks for one), saved
 * with the current password. A new e-mail takes effect when the link mailed to it is opened.
 */
export function ProfileSettingsForm({ userInfo }: { userInfo: UserInfo }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { data: details } = useGetUserDetailsQuery(userInfo._id);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);

  // The server's details once they are in (the stored userInfo until then); typing is kept.
  const name = details?.name ?? userInfo.name;
  const email = details?.email ?? userInfo.email;
  const pendingEmail = details?.pendingEmail;
  const values = useMemo(
    () => ({ name, email, password: '', confirmPassword: '', currentPassword: '' }),
    [name, email],
  );
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onValid = async ({ name, email, password, currentPassword }: ProfileValues) => {
    if (isLoading) return;
    dismissPasswordToasts();
    const result = await updateProfile({
      id: userInfo._id,
      name,
      email,
      password,
      currentPassword,
    });
    if ('data' in result && result.data) {
      // The answer carries a new token and the old one no longer works: store it, then refetch.
      // Its message (where a new address's link went) is shown from the details, not stored.
      const { message: _message, ...updated } = result.data;
      dispatch(loggedIn(updated));
      dispatch(accountsApi.util.invalidateTags(['UserDetails']));
      setFailure(null);
      // The address stays the current one until its link is opened (the note below says so).
      resetField('email', { defaultValue: updated.email });
      resetField('password', { defaultValue: '' });
      resetField('confirmPassword', { defaultValue: '' });
      resetField('currentPassword', { defaultValue: '' });
      notify(ACCOUNT_MESSAGES.profileUpdated, 'success');
      return;
    }
    const message = errorMessage(result.error);
    setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));
  };

  const onInvalid = (fieldErrors: FieldErrors<ProfileInput>) => toastPasswordProblem(fieldErrors);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      aria-label="Profile settings"
      className="flex flex-col gap-5"
    >
      {failure && <FocusedAlert key={failure.attempt}>{failure.message}</FocusedAlert>}
      <AccountField
        id={`${id}-name`}
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <AccountField
        id={`${id}-email`}
        label="E-mail address"
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="A new address takes effect once you open the link we mail to it."
        error={errors.email?.message}
        {...register('email')}
      />
      {/* Always there (empty, it takes no room), so the note is announced when it appears. */}
      <div role="status" className="-mt-2 empty:-mt-5">
        {pendingEmail && (
          <p className="rounded-lg border border-sand-300 bg-sand-100 px-4 py-3 text-sm text-ink">
            {emailChangePendingMessage(pendingEmail)}
          </p>
        )}
      </div>
      <AccountField
        id={`${id}-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`Required to save any change. ${PASSWORD_HINT}`}
        error={errors.password?.message}
        {...register('password')}
      />
      <AccountField
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <AccountField
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Required to save any change, so that nobody else can change your details."
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        aria-disabled={isLoading || undefined}
      >
        {isLoading ? 'Saving…' : 'Update'}
      </Button>
    </form>
  );
}
