import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Link, useSearchParams } from 'react-router';
import { ownerSetupRequestSchema } from '@shop/shared/back-office';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { NewAccountFields } from '../../account';
import { passwordPairProblem } from '../../account';
import { useSetUpOwnerMutation } from '../api/admin-api';

const setupFormSchema = z
  .extend(z.omit(ownerSetupRequestSchema, { token: true }), { confirmPassword: z.string() })
  .check(
    z.superRefine((value, ctx) => {
      const problem = passwordPairProblem(value);
      if (problem)
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }),
  );

type SetupValues = z.input<typeof setupFormSchema>;

const linkClass = 'font-semibold underline underline-offset-4 hover:text-terracotta-800';

/** /admin/setup?token=…: the start-up link creates the shop's first owner (no sign-in needed). */
export default function SetupPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [setUpOwner, { isLoading, isSuccess, error }] = useSetUpOwnerMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetupValues>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onValid = async ({ name, email, password }: SetupValues) => {
    if (isLoading) return;
    await setUpOwner({ token, name, email, password });
  };

  if (isSuccess) {
    return (
      <PageContainer className="max-w-xl">
        <PageHeader title="Your shop has an owner" />
        <Alert variant="success">
          Your owner account is ready.{' '}
          <Link to="/login?redirect=%2Fadmin" className={`${linkClass} text-success`}>
            Sign in at the login page
          </Link>
          , then set up your second factor.
        </Alert>
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-xl">
      <PageHeader title="Set up the shop’s owner">
        Create the owner account that runs the back office.
      </PageHeader>
      {!token && (
        <Alert variant="danger" className="mb-6">
          This page needs the setup link printed when the shop starts.
        </Alert>
      )}
      {error && (
        <Alert variant="danger" className="mb-6">
          {errorMessage(error)}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={handleSubmit(onValid)}
        aria-label="Owner account"
        className="flex flex-col gap-5"
      >
        <NewAccountFields
          id={id}
          register={register}
          errors={errors}
          nameLabel="Name"
          emailLabel="E-mail"
        />
        <Button type="submit" aria-disabled={isLoading || !token || undefined} disabled={!token}>
          {isLoading ? 'Creating…' : 'Create owner account'}
        </Button>
      </form>
    </PageContainer>
  );
}
