import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon';

// Radix Dialog and the sidebar's contents load when the shopper heads for the button.
const SidebarDialog = lazy(() => import('./sidebar-dialog'));

/** The mobile menu: a dialog (focus trapped, Escape closes) sliding in from the left. */
export function MobileSidebar() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // The page body carries the sidebar-open state while the sidebar is open (spec: Header).
  useEffect(() => {
    document.body.classList.toggle('sidebar-open', open);
    return () => document.body.classList.remove('sidebar-open');
  }, [open]);

  // Any navigation closes it (links, search, browser back).
  useEffect(() => setOpen(false), [pathname]);

  const want = () => setWanted(true);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={want}
        onFocus={want}
        onTouchStart={want}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="flex size-10 items-center justify-center rounded-full text-ink hover:bg-sand-200"
      >
        <Icon name="menu" className="size-6" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SidebarDialog open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
