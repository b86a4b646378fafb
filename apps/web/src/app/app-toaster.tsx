// The toast region with sonner and its styles, loaded by ToastRegion when first wanted.
import 'sonner/dist/styles.css';
import { Toaster } from 'sonner';
import { TOAST_TOP_VARIABLE } from '../lib/toast';

// A toast at the top sits below the site's header while it is on screen (lib/toast sets the
// variable when it sends one there); sonner's own gaps otherwise.
const offset = { top: `var(${TOAST_TOP_VARIABLE}, 24px)` };
const mobileOffset = { top: `var(${TOAST_TOP_VARIABLE}, 16px)` };

/**
 * At the foot of the screen by default; each toast says where it goes (lib/toast picks the half of
 * the screen away from the control that caused it, so that it never covers that control).
 */
export default function AppToaster() {
  return (
    <Toaster position="bottom-center" offset={offset} mobileOffset={mobileOffset} closeButton />
  );
}
