import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PASSWORD_HINT } from '../password-checks';
import { AccountField } from './account-field';

/** The fields of a form that creates an account: name, e-mail and the password twice. */
export type NewAccountInput = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
};

type NewAccountFieldsProps = {
  /** The form's useId(), for the fields' ids. */
  id: string;
  register: UseFormRegister<NewAccountInput>;
  errors: FieldErrors<NewAccountInput>;
  nameLabel: string;
  emailLabel: string;
};

/** The register page's fields, also the back office's owner setup (features/admin). */
export function NewAccountFields({
  id,
  register,
  errors,
  nameLabel,
  emailLabel,
}: NewAccountFieldsProps) {
  return (
    <>
      <AccountField
        id={`${id}-name`}
        label={nameLabel}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <AccountField
        id={`${id}-email`}
        label={emailLabel}
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
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        {...register('password')}
      />
      <AccountField
        id={`${id}-confirm`}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
