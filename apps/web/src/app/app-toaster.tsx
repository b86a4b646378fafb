// The toast region with sonner and its styles, loaded by ToastRegion when first wanted.
import 'sonner/dist/styles.css';
import { Toaster } from 'sonner';

/**
 * At the foot of the screen by default; each toast says where it goes (lib/toast picks the half of
 * the screen away from the control that caused it, so that it never covers that control).
 */
export default function AppToaster() {
  return <Toaster position="bottom-center" closeButton />;
}
