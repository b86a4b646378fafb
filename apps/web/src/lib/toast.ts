/** The spec's toast auto-close times: 3 s on product, cart and login; 2 s on register, profile and reset; 5 s elsewhere. */
export function toastDurationFor(pathname: string): number {
  if (/^\/(products|cart|login)(\/|$)/.test(pathname)) return 3000;
  if (/^\/(register|profile|reset-password)(\/|$)/.test(pathname)) return 2000;
  return 5000;
}

type ToastKind = 'error' | 'success' | 'info';

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
  const options = { id: message, duration: toastDurationFor(window.location.pathname) };
  wantToaster();
  void import('sonner').then(({ toast }) => {
    if (kind === 'error') toast.error(message, options);
    else if (kind === 'success') toast.success(message, options);
    else toast(message, options);
  });
}
