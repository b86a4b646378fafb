import * as Dialog from '@radix-ui/react-dialog';
import { Icon } from './icon';

/** The round × button that closes a (Radix) dialog; `label` names it for screen readers. */
export function DialogCloseButton({
  label,
  className = '',
}: {
  label: string;
  className?: string;
}) {
  return (
    <Dialog.Close
      className={`flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-sand-200 ${className}`}
      aria-label={label}
    >
      <Icon name="close" className="size-6" />
    </Dialog.Close>
  );
}
