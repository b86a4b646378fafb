import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { emailOnlyRequestSchema } from '@shop/shared/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import { useResendVerificationMutation } from '../api/accounts-api';
import { AccountField } from './account-field';

type EmailInput = z.input<typeof emailOnlyRequestSchema>;
type EmailValues = z.output<typeof emailOnlyRequestSchema>;

type ResendVerificationProps = {
  /** The address to send to; without it the visitor types one in. */
  email?: string;
};

/** Asks for a fresh verification link (POST /api/users/resend-verification). */
export function ResendVerification({ email }: ResendVerificationProps) {
  const id = useId();
  const [resend, { data, error, isLoading }] = useResendVerificationMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailInput, unknown, EmailValues>({
    resolver: zodResolver(emailOnlyRequestSchema),
    defaultValues: { email: email ?? '' },
  });

  const onSubmit = async (values: EmailValues) => {
    if (isLoading) return;
    const result = await resend(values);
    if ('data' in result) setSentTo(values.email);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Get a new verification link"
      className="flex flex-col gap-3"
    >
      {email === undefined && (
        <AccountField
          id={`${id}-email`}
          label="E-mail address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      )}
      <Button type="submit" variant="secondary" size="sm" className="self-start">
        {isLoading ? 'Sending…' : 'Send a new verification link'}
      </Button>
      {data && sentTo && <Alert variant="success">{data.message}</Alert>}
      {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
    </form>
  );
}
