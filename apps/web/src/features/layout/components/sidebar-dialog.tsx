// The mobile sidebar's dialog with its Radix code, loaded by MobileSidebar when first wanted.
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { DialogCloseButton } from '../../../components/ui/dialog-close-button';
import { useNavMenus } from '../use-nav-menus';
import { SidebarAccountLinks } from './sidebar-account-links';
import { SidebarSection } from './sidebar-section';

type SidebarDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the dialog closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The mobile menu: a dialog (focus trapped, Escape closes) sliding in from the left. */
export default function SidebarDialog({ open, onOpenChange, triggerRef }: SidebarDialogProps) {
  const close = () => onOpenChange(false);
  const navMenus = useNavMenus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger is MobileSidebar's own button, which Radix does not know about.
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-sand-50 shadow-xl"
        >
          <div className="sadu-band h-3" aria-hidden="true" />
          <div className="flex items-center justify-between px-5 pt-4 pb-3">
            <Dialog.Title className="font-display text-xl font-semibold">Menu</Dialog.Title>
            <DialogCloseButton label="Close menu" />
          </div>
          <nav aria-label="Categories" className="px-5">
            <ul>
              {navMenus.map((menu) => (
                <SidebarSection key={menu.label} menu={menu} onNavigate={close} />
              ))}
            </ul>
          </nav>
          <SidebarAccountLinks onNavigate={close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
