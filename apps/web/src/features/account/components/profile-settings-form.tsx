import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, emailSchema, nameSchema } from '@shop/shared/accounts';
import type { UserInfo } from '@shop/shared/accounts';
import { PROFILE_PASSWORD_TOO_WEAK } from '@shop/shared/password';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { loggedIn } from '../account-slice';
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
  })
  .superRefine(...checkPasswordPair(PROFILE_PASSWORD_TOO_WEAK));

type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileValues = z.output<typeof profileFormSchema>;

/** The Profile Settings tab: name, e-mail and a new password (the spec always asks for one). */
export function ProfileSettingsForm({ userInfo }: { userInfo: UserInfo }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { data: details } = useGetUserDetailsQuery(userInfo._id);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);

  // The server's details once they are in (the stored userInfo until then); typing is kept.
  const name = details?.name ?? userInfo.name;
  const email = details?.email ?? userInfo.email;
  const values = useMemo(() => ({ name, email, password: '', confirmPassword: '' }), [name, email]);
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

  const onValid = async ({ name, email, password }: ProfileValues) => {
    if (isLoading) return;
    dismissPasswordToasts();
    const result = await updateProfile({ id: userInfo._id, name, email, password });
    if ('data' in result && result.data) {
      // The answer carries a new token and the old one no longer works: store it, then refetch.
      dispatch(loggedIn(result.data));
      dispatch(accountsApi.util.invalidateTags(['UserDetails']));
      setFailure(null);
      resetField('password', { defaultValue: '' });
      resetField('confirmPassword', { defaultValue: '' });
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
        error={errors.email?.message}
        {...register('email')}
      />
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
