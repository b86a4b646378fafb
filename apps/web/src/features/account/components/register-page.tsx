import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Link, useNavigate } from 'react-router';
import { emailSchema, nameSchema } from '@shop/shared/accounts';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useRegisterMutation } from '../api/accounts-api';
import { checkPasswordPair, dismissPasswordToasts, toastPasswordProblem } from '../password-checks';
import { registrationErrorMessage } from '../registration-error';
import { AccountCard } from './account-card';
import { FocusedAlert } from './focused-alert';
import { NewAccountFields } from './new-account-fields';

const registerFormSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: z.string(),
    confirmPassword: z.string(),
  })
  .check(z.superRefine(...checkPasswordPair()));

type RegisterInput = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;

const linkClass =
  'font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

/** /register: name, e-mail and a password twice; success goes to /pending. */
export default function RegisterPage() {
  const id = useId();
  const navigate = useNavigate();
  const [registerUser, { isLoading }] = useRegisterMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onValid = async ({ name, email, password }: RegisterValues) => {
    if (isLoading) return;
    dismissPasswordToasts();
    const result = await registerUser({ name, email, password });
    if ('data' in result) {
      navigate('/pending');
      return;
    }
    const message = registrationErrorMessage(result.error);
    notify(message, 'error');
    setFailure((previous) => ({ message, attempt: (previous?.attempt ?? 0) + 1 }));
  };

  const onInvalid = (fieldErrors: FieldErrors<RegisterInput>) => toastPasswordProblem(fieldErrors);

  return (
    <AccountCard
      title="Register"
      documentTitle="Create an account"
      intro="Create an account to follow your orders and check out faster."
    >
      {failure && (
        <FocusedAlert key={failure.attempt} className="mb-6">
          {failure.message}
        </FocusedAlert>
      )}
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        aria-label="Create an account"
        className="flex flex-col gap-5"
      >
        <NewAccountFields
          id={id}
          register={register}
          errors={errors}
          nameLabel="Username"
          emailLabel="E-mail address"
        />
        <p className="text-sm text-ink-muted">
          By registering you agree to our{' '}
          <Link to="/terms" className={linkClass}>
            Terms and Conditions
          </Link>
          .
        </p>
        <Button type="submit" size="lg" className="w-full" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Registering…' : 'Register'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>
      </p>
    </AccountCard>
  );
}
