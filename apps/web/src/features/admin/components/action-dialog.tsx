import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ButtonVariant } from '../../../components/ui/button-styles';

type ActionDialogProps = {
  /** The button that opens the dialog (and gets the focus back when it closes). */
  triggerLabel: string;
  /** An accessible name for the trigger when its text alone is ambiguous (a row's Remove). */
  triggerAriaLabel?: string;
  triggerVariant?: ButtonVariant;
  title: string;
  /** What will happen when confirmed, said before it does. */
  description: ReactNode;
  confirmLabel: string;
  /** Does the thing: null when it worked (the dialog closes), else the message to show. */
  onConfirm: () => Promise<string | null>;
  busy?: boolean;
  /** Called as the dialog opens, to start its fields afresh. */
  onOpen?: () => void;
  /** The dialog's fields, if it has any. */
  children?: ReactNode;
};

/**
 * Where the focus goes when an action takes its own button away (a shipped order has no Ship, a
 * removed member no row): the page's heading, which names what was changed, rather than the
 * document's body, where a keyboard or screen-reader user would have to start over.
 */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('#main-content h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * A back-office action behind a dialog that says what will happen first. Radix Dialog: the focus
 * is trapped inside, Escape closes, and the focus returns to the button that opened it.
 */
export function ActionDialog({
  triggerLabel,
  triggerAriaLabel,
  triggerVariant = 'secondary',
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  onOpen,
  children,
}: ActionDialogProps) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  // Runs before React takes the trigger out of the page: if it has the focus, hand it on.
  useLayoutEffect(() => {
    const button = trigger.current;
    return () => {
      if (button && document.activeElement === button) focusPageHeading();
    };
  }, []);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setProblem(null);
      onOpen?.();
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const failure = await onConfirm();
    setProblem(failure);
    if (failure === null) setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button ref={trigger} variant={triggerVariant} size="sm" aria-label={triggerAriaLabel}>
          {triggerLabel}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Radix gives the focus back to the trigger, unless the action already took it away.
            if (trigger.current?.isConnected) return;
            event.preventDefault();
            focusPageHeading();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-sand-50 p-5 shadow-xl sm:p-6"
        >
          <Dialog.Title className="font-display text-2xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-ink-muted">{description}</div>
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
            {children}
            {problem && <Alert variant="danger">{problem}</Alert>}
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="ghost" size="sm">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" size="sm" aria-disabled={busy || undefined}>
                {busy ? 'Working…' : confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
