/** The spec's toast auto-close times: 3 s on product, cart and login; 2 s on register, profile and reset; 5 s elsewhere. */
export function toastDurationFor(pathname: string): number {
  if (/^\/(products|cart|login)(\/|$)/.test(pathname)) return 3000;
  if (/^\/(register|profile|reset-password)(\/|$)/.test(pathname)) return 2000;
  return 5000;
}

type ToastKind = 'error' | 'success' | 'info';
export type ToastPosition = 'top-center' | 'bottom-center';

// The control last pressed, for a toast that answers it after it lost the focus (a button disabled
// while its request runs).
let lastPressed: Element | null = null;

/** A window listener (capture) for pointerdown and keydown: remembers what was pressed. */
export function rememberPressedControl(event: Event): void {
  if (event.target instanceof Element) lastPressed = event.target;
}

/**
 * Where a toast goes so that it never covers the control that caused it (the focused one, which a
 * click or key press on a button leaves focused): at the foot of the screen, unless that control
 * sits in its lower half, then at the top. At the top a toast would cover the header (on phones
 * its menu button and cart) just when the shopper reaches for it, so the foot comes first.
 */
export function toastPositionFor(control: Element | null, viewportHeight: number): ToastPosition {
  if (!control || control === document.body || !control.isConnected) return 'bottom-center';
  const box = control.getBoundingClientRect();
  return box.top + box.height / 2 > viewportHeight / 2 ? 'top-center' : 'bottom-center';
}

/** The toast region's default distance from the top of the screen (sonner's own, in px). */
const TOP_GAP = 16;

/**
 * How far from the top a toast goes so that it never covers the site's header (on phones its menu
 * button, cart and search box): below the header while any of it is on screen, else at the top.
 */
export function toastTopOffset(header: Element | null): number {
  const bottom = header?.getBoundingClientRect().bottom ?? 0;
  return bottom > 0 ? Math.ceil(bottom) + TOP_GAP / 2 : TOP_GAP;
}

/** The CSS variable the toast region's top offset reads (app/app-toaster.tsx). */
export const TOAST_TOP_VARIABLE = '--toast-top';

// sonner and the toast region are not part of the first page: the region (app/toast-region.tsx)
// mounts on the shopper's first interaction or the first toast, whichever comes first, and sonner
// shows a toast made before its region was there as soon as the region mounts.
let toasterWanted = false;
const toasterListeners = new Set<() => void>();

/** Asks for the toast region (and sonner's code) to be loaded. */
export function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of toasterListeners) listener();
}

export const isToasterWanted = () => toasterWanted;

export function subscribeToToaster(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/**
 * Shows a toast for the current page. The message is the toast's id, so the same message is
 * never shown twice while it is visible (sonner updates the one on screen instead).
 * Toasts go through here rather than sonner's toast(), so that the region is there to show them.
 */
export function notify(message: string, kind: ToastKind = 'info'): void {
  const options = {
    id: message,
    duration: toastDurationFor(window.location.pathname),
    position: toastPositionFor(
      document.activeElement === document.body ? lastPressed : document.activeElement,
      window.innerHeight,
    ),
  };
  if (options.position === 'top-center') {
    const offset = toastTopOffset(document.querySelector('[data-site-header]'));
    document.documentElement.style.setProperty(TOAST_TOP_VARIABLE, `${offset}px`);
  }
  wantToaster();
  void import('sonner').then(({ toast }) => {
    if (kind === 'error') toast.error(message, options);
    else if (kind === 'success') toast.success(message, options);
    else toast(message, options);
  });
}
