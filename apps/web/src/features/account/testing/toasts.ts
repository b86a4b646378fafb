import { toast } from 'sonner';
import { afterEach } from 'vitest';

/** The texts of the toasts on screen (sonner renders them in its own list, outside the page). */
export function toastTexts(): string[] {
  return [...document.querySelectorAll('[data-sonner-toast]')].map(
    (item) => item.textContent?.trim() ?? '',
  );
}

/** Sonner keeps its toasts in a module-wide list and replays them to a new Toaster: clear it per test. */
export function clearToastsAfterEach(): void {
  afterEach(() => {
    toast.dismiss();
  });
}
