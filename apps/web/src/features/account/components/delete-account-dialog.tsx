import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FORMER_CUSTOMER, deleteAccountRequestSchema } from '@shop/shared/privacy';
import type { DeleteAccountRequest } from '@shop/shared/privacy';
import { Button } from '../../../components/ui/button';
import { DialogCloseButton } from '../../../components/ui/dialog-close-button';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useDeleteAccountMutation } from '../api/privacy-api';
import { useForgetSignedInUser } from '../hooks/use-logout';
import { AccountField } from './account-field';
import { FocusedAlert } from './focused-alert';

/**
 * 'Delete my account': a dialog (focus trapped, Escape closes, the focus goes back to the button)
 * that says what happens and asks for the current password. On success the device forgets the
 * user as a logout does and the home page says the account was deleted.
 */
export function DeleteAccountDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const forget = useForgetSignedInUser();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });

  const onOpenChange = (next: boolean) => {
    if (isLoading) return;
    setOpen(next);
    if (!next) {
      reset();
      setFailure(null);
    }
  };

  const onValid = async ({ password }: DeleteAccountRequest) => {
    if (isLoading) return;
    const result = await deleteAccount({ password });
    if ('data' in result && result.data) {
      const { message } = result.data;
      forget(() => notify(message, 'success'));
      return;
    }
    setFailure((previous) => ({
      message: errorMessage(result.error),
      attempt: (previous?.attempt ?? 0) + 1,
    }));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="danger-outline">Delete my account</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          aria-describedby={`${id}-what`}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-sand-50 p-6 shadow-xl sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-semibold text-ink">
              Delete your account?
            </Dialog.Title>
            <DialogCloseButton label="Close" className="-mt-1 -mr-2" />
          </div>
          <div id={`${id}-what`} className="mt-4 flex flex-col gap-2 text-sm text-ink">
            <p>This cannot be undone. Once you confirm with your password:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>your account is deleted and you are signed out everywhere;</li>
              <li>
                your orders stay in our books for tax and accounting, without your name, e-mail
                address or delivery address;
              </li>
              <li>your reviews stay, shown under ‘{FORMER_CUSTOMER}’;</li>
              <li>mail we have not sent you yet is dropped.</li>
            </ul>
            <p className="text-ink-muted">
              Want a copy first? Close this and use ‘Download my data’.
            </p>
          </div>
          <form
            noValidate
            onSubmit={handleSubmit(onValid)}
            aria-label="Delete account"
            className="mt-6 flex flex-col gap-5"
          >
            {failure && <FocusedAlert key={failure.attempt}>{failure.message}</FocusedAlert>}
            <AccountField
              id={`${id}-password`}
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" aria-disabled={isLoading || undefined}>
                {isLoading ? 'Deleting…' : 'Delete permanently'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
